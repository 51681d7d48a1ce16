import { redirect } from '@remix-run/node'

/** / → /login (spec 000 §2); /login itself forwards a logged-in user to the dashboard. */
export const loader = () => redirect('/login')
