/**
 * Query keys per resource (DESIGN.md §5, Medusa's factory): all → lists → list(params),
 * all → details → detail(id). Mutations invalidate lists() and detail(id).
 */
export function createQueryKeys<const R extends string>(resource: R) {
  return {
    all: [resource] as const,
    lists: () => [resource, 'list'] as const,
    list: (params: object) => [resource, 'list', params] as const,
    details: () => [resource, 'detail'] as const,
    detail: (id: number | string) => [resource, 'detail', id] as const,
  };
}
