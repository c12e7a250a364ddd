// The part of oidc-provider's API the e2e identity provider uses (the package ships no types).
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
      },
    );
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
