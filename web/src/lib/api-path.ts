/**
 * An endpoint's Express-style path (`/api/applications/:id/approve`, from the contracts) with its
 * `:params` filled in (URI-encoded), and a query string of the given, non-empty values.
 */
export function apiPath(
  path: string,
  params: Record<string, string> = {},
  query: Record<string, string | number | undefined | null> = {},
): string {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}
