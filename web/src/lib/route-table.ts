import { createContext, useContext } from 'react';
import type { RouteObject } from 'react-router';

/**
 * The app's route table, provided by main.tsx, for features that ask which route an address
 * would reach (the login landing): they cannot import app/routes.tsx, which imports them.
 */
export const RouteTableContext = createContext<RouteObject[]>([]);

export const useRouteTable = () => useContext(RouteTableContext);
