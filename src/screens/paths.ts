/** The addresses the console's entry routes by itself; the screens' own are in the route table (routes.tsx). */
export const LOGIN_PATH = '/login';
export const HOME_PATH = '/app/dashboard';
export const NOT_FOUND_PATH = '/404';
