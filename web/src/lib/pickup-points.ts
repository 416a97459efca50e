import { msg } from './i18n';

/**
 * The official hand-over points (spec §2, /pickup-points): the static page's cards and the map's
 * pickup markers (/xerite). `lat`/`lng`: WGS84, at the mall or station they are in.
 */
export const PICKUP_POINTS = [
  {
    name: '28 Mall',
    address: msg('Azadlıq prospekti 15a, Bakı'),
    hours: msg('Hər gün 10:00–22:00'),
    phone: '+994 12 555 01 01',
    description: msg('Birinci mərtəbədə, məlumat masasının yanında.'),
    lat: 40.3802,
    lng: 49.8474,
  },
  {
    name: msg('Gənclik Mall'),
    address: msg('Fətəli xan Xoyski prospekti 14, Bakı'),
    hours: msg('Hər gün 10:00–22:00'),
    phone: '+994 12 555 01 02',
    description: msg('Mühafizə xidmətinin otağı, əsas girişin sağında.'),
    lat: 40.4006,
    lng: 49.8535,
  },
  {
    name: msg('Port Baku Mall'),
    address: msg('Neftçilər prospekti 153, Bakı'),
    hours: msg('Hər gün 10:00–22:00'),
    phone: '+994 12 555 01 03',
    description: msg('Müştəri xidmətləri məntəqəsi, -1 mərtəbə.'),
    lat: 40.3747,
    lng: 49.8618,
  },
  {
    name: msg('28 May metro stansiyası'),
    address: msg('28 May küçəsi, Bakı'),
    hours: msg('Hər gün 07:00–23:00'),
    phone: '+994 12 555 01 04',
    description: msg('Növbətçi stansiya işçisinin otağı, kassaların yanında.'),
    lat: 40.37967,
    lng: 49.84858,
  },
  {
    name: msg('Sahil metro stansiyası'),
    address: msg('Üzeyir Hacıbəyov küçəsi, Bakı'),
    hours: msg('Hər gün 07:00–23:00'),
    phone: '+994 12 555 01 05',
    description: msg('Növbətçi stansiya işçisinin otağı, şimal çıxışı.'),
    lat: 40.37177,
    lng: 49.84419,
  },
] as const;
export type PickupPoint = (typeof PICKUP_POINTS)[number];
