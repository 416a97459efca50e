import type { Express } from 'express';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { announcementsRoutes, photosRoutes } from './http/routes';

export function createApp(context: EventSourcedContext): Express {
  return createServiceApp(context, (app) => {
    announcementsRoutes(app, context);
    photosRoutes(app, context);
  });
}
