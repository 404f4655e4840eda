/**
 * The rules of security: an operation's effective requirements (its own `security`, else the
 * document's) and the security schemes (3.x components.securitySchemes, 2.0
 * securityDefinitions). Requirements are alternatives (any one will do), each a set of schemes
 * with scopes; an empty list, or an empty alternative `{}`, lets anonymous callers in.
 */
import type { ContractRule } from './model.js';
import { rule } from './rule-builders.js';

export const SECURITY_RULES: readonly ContractRule[] = [
  rule('endpoint-security-added', 'security', 'security', 'added', 'breaking', 'An operation that anonymous callers could use now requires authentication: they are refused.'),
  rule('endpoint-security-removed', 'security', 'security', 'removed', 'non-breaking', 'An operation no longer requires authentication. Clients that send credentials still get in.'),
  rule('endpoint-security-alternative-added', 'security', 'security-alternative', 'added', 'non-breaking', 'One more way to authenticate to an operation (a new alternative). Additive.'),
  rule('endpoint-security-alternative-removed', 'security', 'security-alternative', 'removed', 'breaking', 'A way to authenticate to an operation removed: clients using it are refused.'),
  rule('endpoint-security-scope-added', 'security', 'scope', 'added', 'breaking', 'An operation requires one more scope of a scheme: tokens without it are refused.'),
  rule('endpoint-security-scope-removed', 'security', 'scope', 'removed', 'non-breaking', 'An operation requires one scope fewer.'),
  rule('security-scheme-added', 'security', 'security-scheme', 'added', 'non-breaking', 'A security scheme defined. Operations using it are reported by the endpoint rules.'),
  rule('security-scheme-removed', 'security', 'security-scheme', 'removed', 'non-breaking', 'A security scheme definition removed. Operations that used it are reported by the endpoint rules (where the break is).'),
  rule('security-scheme-changed', 'security', 'security-scheme', 'modified', 'breaking', 'How a security scheme works changed (type, header or query name, HTTP scheme, bearer format, OAuth flows or their URLs, OpenID URL): clients authenticate the old way.'),
  rule('security-scheme-scope-added', 'security', 'scope', 'added', 'non-breaking', 'An OAuth scope offered by a scheme. Additive.'),
  rule('security-scheme-scope-removed', 'security', 'scope', 'removed', 'breaking', 'An OAuth scope no longer offered by a scheme: clients asking for it fail to get tokens.'),
  rule('security-scheme-description-changed', 'security', 'description', 'modified', 'informational', 'A security scheme\'s description changed.'),
];
