import { favouritesInputSchema, favouritesSchema } from '../favourites';
import { errors, route } from '../route';

const tags = ['account'];
const favouritesErrors = errors(400, 401, 429);

/** Favourites (docs/product/favourites.md): always the caller's own; free and premium alike (decision 283). */
export const favouritesRoutes = {
  read: route({
    method: 'GET',
    path: '/api/favourites',
    tags,
    summary: "The caller's home airports, favourite origins and remembered filters (empty until saved once)",
    access: 'signed-in',
    responses: { 200: favouritesSchema, ...favouritesErrors },
  }),
  save: route({
    method: 'PUT',
    path: '/api/favourites',
    tags,
    summary: 'Save home airports, favourite origins or remembered filters; a part left out keeps its value, filters: null forgets them',
    access: 'signed-in',
    body: favouritesInputSchema,
    responses: { 200: favouritesSchema, ...favouritesErrors },
  }),
};
