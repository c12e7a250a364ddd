// /robots.txt: crawlers may read the public pages, never shared results (/a, /r: their URLs
// are sharing codes), signed-in areas or the API. The shared pages also answer X-Robots-Tag:
// noindex (lib/http/security-headers.ts) for crawlers that reach them through a link.
import type { MetadataRoute } from "next";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/a/", "/r/", "/api/", "/dashboard", "/provider", "/reports", "/billing", "/signin"] },
  };
}
