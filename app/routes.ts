import { index, route, type RouteConfig, type RouteConfigEntry } from '@remix-run/route-config'
import { ROUTE_TABLE, type RouteEntry } from './route-table'

/**
 * Remix's route config, made from the route table (app/route-table.ts), where each route declares
 * its access beside its path and module. The guard matches requests against that same table.
 */
const toConfig = (e: RouteEntry): RouteConfigEntry =>
  e.index ? index(e.file, { id: e.id }) : route(e.path ?? null, e.file, { id: e.id }, e.children?.map(toConfig))

export default ROUTE_TABLE.map(toConfig) satisfies RouteConfig
