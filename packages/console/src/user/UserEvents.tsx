import { useCursorTrail } from '../api/use-cursor-trail';
import { useLoad } from '../api/use-load';
import { ErrorNote } from '../parts/ErrorNote';
import { dateTime, eventDetails } from '../parts/format';
import { Pager } from '../parts/Pager';
import { useOperator } from '../session/context';

const PAGE_SIZE = 20;

/**
 * What happened to the user, newest first, a page at a time (kept for the server's
 * eventRetentionDays); loaded again after each change the page makes (`changes` counts them).
 */
export function UserEvents({ userId, changes }: { userId: string; changes: number }) {
  const { call } = useOperator();
  const trail = useCursorTrail(userId);
  const events = useLoad(`${userId}\n${changes}\n${trail.cursor ?? ''}`, () =>
    call('GET /v1/events', { request: { user_id: userId, limit: PAGE_SIZE, cursor: trail.cursor } }),
  );
  const next = events.loading ? null : events.data?.next_cursor;
  return (
    <section aria-labelledby="events" className="section">
      <h2 id="events">Events</h2>
      <ErrorNote error={events.error} />
      {events.data ? (
        events.data.events.length ? (
          <div className="table-frame">
            <table>
              <caption className="visually-hidden">Events of this user, newest first, page {trail.page}</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Event</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {events.data.events.map((event) => (
                  <tr key={event.event_id}>
                    <td className="nowrap">{dateTime(event.occurred_at)}</td>
                    <td>
                      <code>{event.type}</code>
                    </td>
                    <td className="breakable">{eventDetails(event)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">No events kept.</p>
        )
      ) : events.loading ? (
        <p className="status">Loading events…</p>
      ) : null}
      {trail.page > 1 || next ? (
        <Pager label="Pages of events" page={trail.page} onPrevious={events.loading ? null : trail.previous} onNext={next ? () => trail.next(next) : null} />
      ) : null}
    </section>
  );
}
