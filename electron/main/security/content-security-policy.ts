/**
 * Checklist item 7: the Content-Security-Policy every app:// page is served with. The renderer is a
 * Vite build (scripts and styles as files) that fetches only its own origin; nothing inline, no eval,
 * no plugins, no framing, no form posts.
 */

/** The policy directives, in order. */
const DIRECTIVES: readonly string[] = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
];

/** The `Content-Security-Policy` header value. */
export const CONTENT_SECURITY_POLICY = DIRECTIVES.join('; ');
