export { apiClientsRoutes } from './api-clients.routes';
export { API_CLIENT_TOKEN_PREFIX, findApiClient, type ApiClient } from './api-clients.service';
