import { redirect } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const loader = () => redirect('/admin/dashboard')

/** A UI route (not a resource route), so a POST here is the shell's Indonesian 405 page, not JSON. */
export default function AdminIndex() {
  return null
}

export const ErrorBoundary = GeneralErrorBoundary
