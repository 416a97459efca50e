import type { Express } from 'express';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { announcementsRoutes } from './http/announcements-routes';
import { objectsRoutes } from './http/objects-routes';

export function createApp(context: EventSourcedContext): Express {
  return createServiceApp(context, (app) => {
    announcementsRoutes(app, context);
    objectsRoutes(app, context);
  });
}
