-- Web sign-in keeps only the identity provider's access token, encrypted (lib/web/auth.ts).
-- Tokens stored in clear before are removed: those users sign in again.
UPDATE "auth_accounts" SET "access_token" = NULL, "refresh_token" = NULL, "id_token" = NULL;
