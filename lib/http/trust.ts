// Which peers may speak for the client (TRUST_PROXY), and so what "the client's address" is for
// every limit, the audit trail and the voice socket cap. Evaluated with proxy-addr, the
// library Express uses for the same question; addresses are read with ipaddr.js.
//
// Limits count a client by its network, not its exact address: one IPv6 host (every VPS and home
// line) holds a whole /64 and can answer from any address in it, so an IPv6 client is its /64,
// and the code-miss tier also counts its /48 (a site's allocation). IPv4 clients are one address.
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import ipaddr from "ipaddr.js";
import proxyaddr from "proxy-addr";
import type { Trust } from "@/lib/trust-proxy";

export { compileTrust, type Trust } from "@/lib/trust-proxy";

/**
 * What is known of a connection's peer, read once per connection: its address and whether it
 * may speak for the client; and the X-Forwarded-For last read on it with the address it gave
 * (a balancer's keep-alive connection often carries one client's requests in a row).
 */
interface Peer {
  trust: Trust;
  address: string;
  trusted: boolean;
  forwardedFor?: string;
  client?: string;
}

const peers = new WeakMap<Socket, Peer>();

function peerOf(socket: Socket, trust: Trust): Peer | null {
  const remote = socket.remoteAddress;
  if (!remote) return null;
  let peer = peers.get(socket);
  if (peer?.trust !== trust) {
    peer = { trust, address: normalised(remote), trusted: trust(remote, 0) };
    peers.set(socket, peer);
  }
  return peer;
}

/**
 * An IPv4 address in the spelling ipaddr.js writes (four decimal parts of 0-255, no leading zeros):
 * already normal, and its own client key. Nearly every address is one, and answering it without
 * parsing is a tenth of a lookup's own work (docs/performance.md); any other spelling (octal, hex,
 * IPv4-mapped, IPv6) is read by ipaddr.js.
 */
const CANONICAL_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function normalised(address: string): string {
  if (CANONICAL_IPV4.test(address)) return address;
  const parsed = readAddress(address);
  if (!parsed) return address;
  return parsed.kind() === "ipv6" ? (parsed as ipaddr.IPv6).toRFC5952String() : parsed.toString();
}

/** The client's exact address: the socket's, or the nearest untrusted X-Forwarded-For entry behind trusted proxies. */
export function clientAddressOf(req: IncomingMessage, trust: Trust): string {
  const peer = peerOf(req.socket, trust);
  if (!peer) return "unknown";
  // An untrusted peer is the client, whatever its requests say (proxy-addr would answer the same).
  if (!peer.trusted) return peer.address;
  const forwardedFor = req.headers["x-forwarded-for"]?.toString();
  if (peer.client === undefined || forwardedFor !== peer.forwardedFor) {
    peer.forwardedFor = forwardedFor;
    // Hop 0 is the socket's own address, whose trust this connection already knows.
    const trusting: Trust = (address, hop) => (hop === 0 ? true : trust(address, hop));
    peer.client = normalised(proxyaddr(req as Parameters<typeof proxyaddr>[0], trusting));
  }
  return peer.client;
}

/** An address, IPv4-mapped IPv6 ("::ffff:192.0.2.1") read as the IPv4 it is; null when it is none. */
function readAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  return ipaddr.isValid(address) ? ipaddr.process(address) : null;
}

const CLIENT_PREFIX = 64;
const SITE_PREFIX = 48;

/** The first `prefix` bits of an IPv6 address, as "2001:db8:1:2::/64". */
function network(address: ipaddr.IPv6, prefix: number): string {
  const kept = prefix / 16;
  return `${new ipaddr.IPv6(address.parts.map((part, i) => (i < kept ? part : 0))).toRFC5952String()}/${prefix}`;
}

/**
 * Who the per-client limits and the voice socket cap count: an IPv4 address (IPv4-mapped IPv6
 * included), or the /64 of an IPv6 address. Anything unreadable (e.g. "unknown") counts as itself.
 */
export function clientKeyOf(address: string): string {
  if (CANONICAL_IPV4.test(address)) return address;
  const parsed = readAddress(address);
  if (!parsed) return address;
  return parsed.kind() === "ipv6" ? network(parsed as ipaddr.IPv6, CLIENT_PREFIX) : parsed.toString();
}

/** The /48 of an IPv6 client, whose code misses are counted together too; null for IPv4 and anything else. */
export function siteKeyOf(address: string): string | null {
  if (CANONICAL_IPV4.test(address)) return null;
  const parsed = readAddress(address);
  return parsed?.kind() === "ipv6" ? network(parsed as ipaddr.IPv6, SITE_PREFIX) : null;
}

/** Whether the request's peer (the socket's address) may speak for the client: read once per connection. */
export function isTrustedPeer(req: IncomingMessage, trust: Trust): boolean {
  return peerOf(req.socket, trust)?.trusted ?? false;
}

/** Whether the client reached us over TLS: our own socket, or a trusted proxy's X-Forwarded-Proto. */
export function isHttps(req: IncomingMessage, trust: Trust): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!isTrustedPeer(req, trust)) return false;
  const proto = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}
