import { type CreateEventRequest, GROUP_PAGE_EVENTS, type UpdateEventRequest } from '@waco/contracts';
import type { CallOptions } from '../../../api/client';
import { api } from '../../../api/client';
import { useEndpointQuery } from '../../../api/endpoint-query';
import { useGroupChange } from './groups';
import { groupKeys } from './keys';

/** A group's page's events: its upcoming ones (the gateway's boot data asks the same). */
export const groupEventsQuery = (groupId: string) => ({ groupId, limit: GROUP_PAGE_EVENTS });

/** Upcoming events the reader may see (of a group, or in a range of dates). */
export const useEvents = (query: NonNullable<CallOptions<'listEvents'>['query']>) =>
  useEndpointQuery(groupKeys.eventList(query), 'listEvents', { query });

export const useEvent = (id: string) => useEndpointQuery(groupKeys.event(id), 'getEvent', { params: { id } });

/** Who is going, then the waitlist in its order (signed-in members who may see the event). */
export const useAttendees = (id: string, enabled: boolean) =>
  useEndpointQuery(groupKeys.attendees(id), 'listEventAttendees', { params: { id } }, { enabled });

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
