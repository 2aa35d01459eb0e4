/** Query values as URL parameters, leaving out those not given. */
export function queryOf(values: Record<string, string | null | undefined>): URLSearchParams {
  return new URLSearchParams(Object.entries(values).flatMap(([name, value]) => (value ? [[name, value]] : [])))
}
