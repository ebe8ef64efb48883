import { useQuery } from '@tanstack/react-query';
import { type CreateEventRequest, GROUP_PAGE_EVENTS, type UpdateEventRequest } from '@waco/contracts';
import type { CallOptions } from '../../../api/client';
import { api } from '../../../api/client';
import { useGroupChange } from './groups';
import { groupKeys } from './keys';

/** Upcoming events the reader may see (of a group, or in a range of dates). */
/** A group's page's events: its upcoming ones (the gateway's boot data asks the same). */
export const groupEventsQuery = (groupId: string) => ({ groupId, limit: GROUP_PAGE_EVENTS });

export function useEvents(query: NonNullable<CallOptions<'listEvents'>['query']>) {
  return useQuery({
    queryKey: groupKeys.eventList(query),
    queryFn: ({ signal }) => api.call('listEvents', { query, signal }),
  });
}

export function useEvent(id: string) {
  return useQuery({
    queryKey: groupKeys.event(id),
    queryFn: ({ signal }) => api.call('getEvent', { params: { id }, signal }),
    retry: false,
  });
}

/** Who is going, then the waitlist in its order (signed-in members who may see the event). */
export function useAttendees(id: string, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.attendees(id),
    queryFn: ({ signal }) => api.call('listEventAttendees', { params: { id }, signal }),
    enabled,
  });
}

export const useCreateEvent = (onDone: (event: { id: string }) => void) =>
  useGroupChange((body: CreateEventRequest) => api.call('createEvent', { body }), onDone);

export const useAttend = (id: string) =>
  useGroupChange((attend: boolean) =>
    attend ? api.call('attendEvent', { params: { id } }) : api.call('leaveEvent', { params: { id } }),
  );

export const useUpdateEvent = (id: string, onDone: () => void) =>
  useGroupChange((body: UpdateEventRequest) => api.call('updateEvent', { params: { id }, body }), onDone);

export const useCancelEvent = (id: string) =>
  useGroupChange(() => api.call('cancelEvent', { params: { id } }));

export const useOpenCalendarFeed = () => useGroupChange(() => api.call('openCalendarFeed', {}));
