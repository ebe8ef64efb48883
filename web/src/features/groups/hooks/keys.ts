// The query keys of groups and events, under two prefixes refreshed together after a change.
export const groupKeys = {
  all: ['groups'] as const,
  list: (query: object) => ['groups', 'list', query] as const,
  group: (id: string) => ['groups', 'one', id] as const,
  members: (id: string) => ['groups', 'members', id] as const,
  requests: (id: string) => ['groups', 'requests', id] as const,
  events: ['events'] as const,
  eventList: (query: object) => ['events', 'list', query] as const,
  event: (id: string) => ['events', 'one', id] as const,
  attendees: (id: string) => ['events', 'attendees', id] as const,
};
