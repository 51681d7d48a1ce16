/**
 * Who is asking, behind a proxy we trust (TRUST_PROXY=true, TRUST_PROXY_HOPS proxies, default 1).
 *
 * X-Forwarded-For is a list every proxy appends its peer's address to: the entries on the left are
 * whatever the client wrote itself (a fresh value per try would dodge the login throttle),
 * only the entries the trusted proxies appended can be believed. With `hops` trusted proxies in front
 * of the app the client is the `hops`-th entry from the right (1: the last); a list shorter than that
 * has been through fewer proxies than configured, and its leftmost entry is the best there is. Without
 * a trusted proxy (or without the header) the address is the socket's peer.
 * @param {{ forwardedFor?: string | string[], remoteAddress?: string, trustProxy: boolean, hops?: number }} request
 * @returns {string}
 */
export function clientAddress({ forwardedFor, remoteAddress, trustProxy, hops = 1 }) {
  if (trustProxy && forwardedFor) {
    const entries = listOf(forwardedFor)
    if (entries.length) {
      const n = Math.max(1, Math.floor(hops) || 1)
      const entry = entries[Math.max(0, entries.length - n)]
      if (entry) return entry
    }
  }
  return remoteAddress ?? ''
}

/**
 * The host the browser addressed, behind a trusted proxy: the X-Forwarded-Host the proxy set. A proxy
 * such as nginx (`proxy_set_header X-Forwarded-Host $host`) sets it whole, but a client may have sent
 * its own value first (a repeated header is joined with commas), so the last entry is taken. Without
 * a trusted proxy the Host header.
 * @param {{ forwardedHost?: string | string[], host?: string, trustProxy: boolean }} request
 * @returns {string}
 */
export function requestHost({ forwardedHost, host, trustProxy }) {
  const forwarded = trustProxy && forwardedHost ? listOf(forwardedHost).at(-1) : undefined
  return forwarded || host || ''
}

/**
 * TRUST_PROXY_HOPS as a number of proxies (≥ 1; anything else is 1).
 * @param {string | number | undefined} value
 */
export function trustedHops(value) {
  const n = Number(value ?? 1)
  return Number.isSafeInteger(n) && n >= 1 ? n : 1
}

/**
 * A header's comma-separated entries (a repeated header arrives as an array or joined with commas).
 * @param {string | string[]} value
 */
function listOf(value) {
  return (Array.isArray(value) ? value.join(',') : String(value))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}
