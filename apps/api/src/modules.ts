// The API's view of the composition: what it mounts comes from the one list in @kw/composition.
export { modules, projections, routes, subscriptions } from '@kw/composition';
