import { z } from 'zod';
import {
  BOARD_FILTER_RULES,
  boardFilterFields,
  placeSchema,
  publicAnnouncementSchema,
  rangeInOrder,
} from './announcements-api';
import { endpoint } from './endpoint';

/*
 * The board's map (issue 24, the web's `/xerite`), served by the announcements service. Apart from
 * `announcements-api.ts` so the home page, which loads that one first, does not carry it.
 */

/** GET /api/announcements/map query: the list's filters, no paging (every place is answered). */
export const announcementMapQuerySchema = z.object(boardFilterFields).superRefine(rangeInOrder);
export type AnnouncementMapQuery = z.infer<typeof announcementMapQuerySchema>;

/** At most this many cards per place on the map (the newest); `count` says how many there are. */
export const MAP_CARDS_PER_PLACE = 5;

/** A place on the map: the place as the API shows it, and where it is (WGS84 degrees). */
export const mapPlaceSchema = placeSchema.extend({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type MapPlace = z.infer<typeof mapPlaceSchema>;

/** An announcement's card on the map: the public list's fields a card shows, nothing more. */
export const mapCardSchema = publicAnnouncementSchema
  .pick({
    id: true,
    type: true,
    title: true,
    category: true,
    location: true,
    rewardAmount: true,
    createdAt: true,
  })
  .extend({ thumbnailUrl: z.string().nullable() });
export type MapCard = z.infer<typeof mapCardSchema>;

/**
 * GET /api/announcements/map: the listed announcements matching the filters, grouped by the place
 * their location names (those at no known place are not on the map), most first; and the map's tiles.
 */
export const announcementMapSchema = z.object({
  /** The tile server the map draws (`{z}/{x}/{y}` in the URL; configured, OpenStreetMap by default). */
  tiles: z.object({ url: z.string(), attribution: z.string() }),
  places: z.array(
    z.object({
      place: mapPlaceSchema,
      /** How many listed announcements match at this place. */
      count: z.number().int().min(1),
      /** The newest of them, at most `MAP_CARDS_PER_PLACE`. */
      announcements: z.array(mapCardSchema).max(MAP_CARDS_PER_PLACE),
    }),
  ),
});
export type AnnouncementMap = z.infer<typeof announcementMapSchema>;

/** The map's endpoint (gateway prefix `/api/announcements`; mounted before `/api/announcements/:id`). */
export const BOARD_MAP_ENDPOINTS = {
  map: endpoint({
    method: 'get',
    path: '/api/announcements/map',
    summary: `Xəritə: filtrlərə uyğun ictimai, aktiv elanlar yerlərinə görə (yerin koordinatları, sayı, ən yeni ${MAP_CARDS_PER_PLACE} kartı; əlaqə məlumatı olmadan) və xəritənin kafelləri`,
    tag: 'announcements',
    access: 'public',
    query: announcementMapQuerySchema,
    response: { status: 200, schema: announcementMapSchema },
    rules: BOARD_FILTER_RULES,
  }),
};
