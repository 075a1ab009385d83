import { lazy, Suspense, useMemo, useState } from 'react';
import { useLoad } from '../api/use-load';
import { ErrorNote } from '../parts/ErrorNote';
import { PageHeading } from '../parts/PageHeading';
import { useOperator } from '../session/context';
import { chartSeries } from './series';

/** The charting library comes with this page only. */
const SignInChart = lazy(() => import('./SignInChart'));

const PERIODS = [7, 30, 90];

/**
 * Sign-ins per day by method, and refused sign-ins, for a period: a chart for the eye, and for
 * everyone the same numbers in words (totals) and as a table.
 */
export function SignInsPage() {
  const { call } = useOperator();
  const [days, setDays] = useState(30);
  const stats = useLoad(String(days), () => call('GET /v1/stats/sign_ins', { request: { days } }));
  const shown = stats.data?.days;
  const series = useMemo(() => (shown ? chartSeries(shown) : []), [shown]);
  const methods = series.filter((line) => !line.refused);
  return (
    <>
      <PageHeading title="Sign-ins" />
      <label className="field inline">
        <span>Period</span>
        <select value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              Last {period} days
            </option>
          ))}
        </select>
      </label>
      <ErrorNote error={stats.error} />
      {shown ? (
        <>
          <figure className="figure" aria-labelledby="sign-ins-caption">
            <figcaption id="sign-ins-caption">
              Sign-ins per day (UTC) over the last {shown.length} days, by method, and refused sign-ins:{' '}
              {series.map((line) => `${line.label.toLowerCase()} ${line.total}`).join(', ')}.
            </figcaption>
            <Suspense fallback={<p className="status">Drawing the chart…</p>}>
              <SignInChart days={shown} series={series} />
            </Suspense>
            <ul className="legend" aria-hidden="true">
              {series.map((line) => (
                <li key={line.label}>
                  <span className={line.refused ? 'swatch dashed' : 'swatch'} style={{ borderColor: line.color }} />
                  {line.label} ({line.total})
                </li>
              ))}
            </ul>
          </figure>
          <details className="numbers">
            <summary>The numbers by day</summary>
            <div className="table-frame">
              <table>
                <caption className="visually-hidden">Sign-ins per day by method, and refused sign-ins</caption>
                <thead>
                  <tr>
                    <th scope="col">Day (UTC)</th>
                    {methods.map((line) => (
                      <th scope="col" key={line.label}>
                        {line.label}
                      </th>
                    ))}
                    <th scope="col">Refused</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((day, index) => (
                    <tr key={day.date}>
                      <th scope="row">{day.date}</th>
                      {methods.map((line) => (
                        <td key={line.label}>{line.counts[index]}</td>
                      ))}
                      <td>{day.failures}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      ) : stats.loading ? (
        <p className="status">Loading sign-ins…</p>
      ) : null}
    </>
  );
}
