// Which peers may speak for the client (TRUST_PROXY), and so what "the client's address" is for
// every limit, the audit trail and the voice socket cap. Evaluated with proxy-addr, the
// library Express uses for the same question.
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import proxyaddr from "proxy-addr";

export type Trust = (address: string, hop: number) => boolean;

const TRUST_NOBODY: Trust = () => false;

/**
 * TRUST_PROXY → trust function. Unset: nobody (the socket's address is the client's). A whole
 * number n: the n nearest hops are proxies. Otherwise proxy-addr's list: `loopback`,
 * `linklocal`, `uniquelocal`, addresses and CIDRs, comma-separated. Throws on a bad value.
 */
export function compileTrust(setting: string | undefined): Trust {
  if (setting === undefined || setting.trim() === "") return TRUST_NOBODY;
  if (/^\d+$/.test(setting.trim())) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  const entries = setting
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return proxyaddr.compile(entries);
}

/** The client's address: the socket's, or the nearest untrusted X-Forwarded-For entry behind trusted proxies. */
export function clientAddressOf(req: IncomingMessage, trust: Trust): string {
  if (!req.socket.remoteAddress) return "unknown";
  return stripMappedPrefix(proxyaddr(req as Parameters<typeof proxyaddr>[0], trust));
}

/** "::ffff:127.0.0.1" → "127.0.0.1": one client, one key. */
function stripMappedPrefix(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice("::ffff:".length) : address;
}

/** Whether the client reached us over TLS: our own socket, or a trusted proxy's X-Forwarded-Proto. */
export function isHttps(req: IncomingMessage, trust: Trust): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  const peer = req.socket.remoteAddress;
  if (!peer || !trust(peer, 0)) return false;
  const proto = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}
