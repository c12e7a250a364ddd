// The part of oidc-provider's API the identity providers of e2e/ and test/ use (the package ships no types).
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Array<Record<string, unknown>>;
        jwks: { keys: unknown[] };
        routes?: Record<string, string>;
        cookies?: { keys: string[] };
        claims?: Record<string, string[]>;
        findAccount(ctx: unknown, id: string): Promise<Account | undefined>;
        features?: Record<string, unknown>;
        extraTokenClaims?(ctx: unknown, token: unknown): Promise<Record<string, unknown> | undefined>;
        pkce?: { required(): boolean };
        scopes?: string[];
        clientBasedCORS?(ctx: unknown, origin: string, client: unknown): boolean;
      },
    );
    proxy: boolean;
    /** A Koa middleware: runs around every request of the provider. */
    use(middleware: (ctx: { path: string; body: unknown }, next: () => Promise<void>) => Promise<void>): void;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
