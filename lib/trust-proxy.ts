// TRUST_PROXY read into a trust function: which peers may speak for the client. Apart from
// lib/http/trust.ts, which applies it to connections, so that lib/env.ts can check the setting
// at start without importing the HTTP layer.
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
