import { redirect } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/** / → /login; /login itself forwards a logged-in user to the dashboard. */
export const loader = () => redirect('/login')

/** A UI route (not a resource route), so a POST here is an Indonesian 405 page, not JSON. */
export default function Index() {
  return null
}

export function ErrorBoundary() {
  return (
    <main className="p-6">
      <GeneralErrorBoundary />
    </main>
  )
}
