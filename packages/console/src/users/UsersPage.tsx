import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { useCursorTrail } from '../api/use-cursor-trail';
import { useLoad } from '../api/use-load';
import { ErrorNote } from '../parts/ErrorNote';
import { Pager } from '../parts/Pager';
import { dateTime, userLabel, waysIn } from '../parts/format';
import { PageHeading } from '../parts/PageHeading';
import { useOperator } from '../session/context';

const PAGE_SIZE = 20;

/**
 * Users, newest first: a search (email, phone number or user id; kept in the address, so a search
 * can be shared and Back returns to it) and a table a page at a time.
 */
export function UsersPage() {
  const { call } = useOperator();
  const [search, setSearch] = useSearchParams();
  const query = search.get('query') ?? '';
  const [typed, setTyped] = useState(query);
  const trail = useCursorTrail(query);
  const users = useLoad(`${query}\n${trail.cursor ?? ''}`, () =>
    call('GET /v1/users', { request: { query: query || undefined, limit: PAGE_SIZE, cursor: trail.cursor } }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim() ? { query: typed.trim() } : {});
  };
  // While a page loads, the one shown still carries the cursor just followed: no step until it is replaced.
  const next = users.loading ? null : users.data?.next_cursor;
  const page = trail.page;

  return (
    <>
      <PageHeading title="Users" />
      <search>
        <form className="search" onSubmit={submit}>
          <label className="field">
            <span>Find users by email, phone number or user id</span>
            <input type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
          </label>
          <button type="submit" className="button">
            Search
          </button>
        </form>
      </search>
      <ErrorNote error={users.error} />
      {users.data ? (
        users.data.users.length === 0 ? (
          <p>{query ? `No user matches “${query}”.` : 'No users yet.'}</p>
        ) : (
          <div className="table-frame">
            <table>
              <caption className="visually-hidden">{query ? `Users matching “${query}”, page ${page}` : `Users, newest first, page ${page}`}</caption>
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last sign-in</th>
                  <th scope="col">Ways in</th>
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((user) => (
                  <tr key={user.user_id}>
                    <td>
                      <Link href={`/users/${encodeURIComponent(user.user_id)}`}>{userLabel(user)}</Link>
                      {user.name ? <span className="muted"> {user.name}</span> : null}
                    </td>
                    <td>{dateTime(user.created_at)}</td>
                    <td>{dateTime(user.last_sign_in_at)}</td>
                    <td>{waysIn(user).join(', ') || 'None'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : users.loading ? (
        <p className="status">Loading users…</p>
      ) : null}
      <Pager label="Pages of users" page={page} onPrevious={users.loading ? null : trail.previous} onNext={next ? () => trail.next(next) : null} />
    </>
  );
}
