// Every sentence the server sends that a person may read, in English and Spanish: refusals
// (`{message}` of a 4xx), validation messages, mails, notifications and pushes. The server answers
// in English (the API's words, and the spec's, stay as they are); what a member reads is put in
// their language from here: the web app on display, identity's mails and notifications' pushes
// before sending. No zod and no Node here: the web app imports this file.
//
// `{{name}}` is a value put in at run time. A placeholder listed in `translate` holds a sentence
// of this catalogue itself (a field's label, a moderation outcome), which is translated too.

import type { Language } from './languages';

export type { Language } from './languages';
export {
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGES,
  languageFromAcceptLanguage,
  languageFromCookie,
  languageOf,
  parseLanguage,
} from './languages';

/** One sentence: its English (as the server says it) and Spanish. */
export interface ServerMessage {
  en: string;
  es: string;
  /** Placeholders whose values are sentences of the catalogue themselves. */
  translate?: readonly string[];
}

const m = (en: string, es: string, translate?: readonly string[]): ServerMessage =>
  translate ? { en, es, translate } : { en, es };

/** Sign-up, sign-in, sessions, profiles and account recovery (identity). */
const ACCOUNTS: ServerMessage[] = [
  m('Invalid email address', 'Dirección de correo electrónico no válida'),
  m('Please enter a valid email', 'Escribe un correo electrónico válido'),
  m('Password is required', 'La contraseña es obligatoria'),
  m('First name is required', 'El nombre es obligatorio'),
  m('Last name is required', 'El apellido es obligatorio'),
  m('Password must be at least {{min}} characters', 'La contraseña debe tener al menos {{min}} caracteres'),
  m('Password is at most 200 characters', 'La contraseña tiene como máximo 200 caracteres'),
  m('An account with this email already exists', 'Ya existe una cuenta con este correo electrónico'),
  m('Invalid email or password', 'Correo electrónico o contraseña incorrectos'),
  m('You are not signed in', 'No has iniciado sesión'),
  m(
    'This email address is reserved. Please use your own email address',
    'Esta dirección de correo está reservada. Usa tu propia dirección de correo',
  ),
  m(
    'Password is too common. Please choose one that is harder to guess',
    'La contraseña es demasiado común. Elige una más difícil de adivinar',
  ),
  m('Password must not be your email address', 'La contraseña no puede ser tu correo electrónico'),
  m('Names are at most 50 characters', 'Los nombres tienen como máximo 50 caracteres'),
  m('Bio is at most 500 characters', 'La biografía tiene como máximo 500 caracteres'),
  m('Location is at most 100 characters', 'La ubicación tiene como máximo 100 caracteres'),
  m('Must be a path under /objects/', 'Debe ser una ruta dentro de /objects/'),
  m('Must not contain ..', 'No puede contener ..'),
  m('Language must be en or es', 'El idioma debe ser en o es'),
  // Field labels of the display-text rules' sentences (text.ts).
  m('First name', 'Nombre'),
  m('Last name', 'Apellido'),
  m('Bio', 'Biografía'),
  m('Location', 'Ubicación'),
  m(
    'Profile photo must be one you uploaded: {{path}} is not',
    'La foto de perfil debe ser una que tú subiste: {{path}} no lo es',
  ),
  m('User not found', 'Usuario no encontrado'),
  m('No such user', 'No existe ese usuario'),
  m('Session not found or expired', 'La sesión no existe o ya venció'),
  m(
    'Too many failed sign-in attempts. Please try again in {{wait}}.',
    'Demasiados intentos fallidos de inicio de sesión. Inténtalo de nuevo en {{wait}}.',
    ['wait'],
  ),
  m('{{count}} second', '{{count}} segundo'),
  m('{{count}} seconds', '{{count}} segundos'),
  m('{{count}} minute', '{{count}} minuto'),
  m('{{count}} minutes', '{{count}} minutos'),
  m(
    'If an account uses this email, a link to choose a new password is on its way.',
    'Si hay una cuenta con este correo, te enviamos un enlace para elegir una contraseña nueva.',
  ),
  m(
    'This reset link is invalid or has expired. Please ask for a new one.',
    'Este enlace para restablecer la contraseña no es válido o ya venció. Pide uno nuevo.',
  ),
  m('A new verification link is on its way.', 'Te enviamos un nuevo enlace de verificación.'),
  m('Your email address is already verified', 'Tu dirección de correo ya está verificada'),
  m('Current password is incorrect', 'La contraseña actual es incorrecta'),
  m('Current password is required', 'La contraseña actual es obligatoria'),
  m('Your password has been changed.', 'Se cambió tu contraseña.'),
  m('Password is incorrect', 'La contraseña es incorrecta'),
];

/** The mails identity sends. */
const MAILS: ServerMessage[] = [
  m('Confirm your email for Waco Commons', 'Confirma tu correo para Waco Commons'),
  m('Hi {{name}},', 'Hola, {{name}}:'),
  m(
    'Welcome to Waco Commons! Please confirm that this is your email address, so that we can reach you if you ever need to reset your password.',
    '¡Te damos la bienvenida a Waco Commons! Confirma que esta es tu dirección de correo, para que podamos escribirte si alguna vez necesitas restablecer tu contraseña.',
  ),
  m('Confirm my email', 'Confirmar mi correo'),
  m(
    'The link works for 7 days. If you did not sign up, you can ignore this mail.',
    'El enlace funciona durante 7 días. Si no te registraste, puedes ignorar este correo.',
  ),
  m('Reset your Waco Commons password', 'Restablece tu contraseña de Waco Commons'),
  m(
    'Someone (hopefully you) asked to reset the password of your Waco Commons account.',
    'Alguien (esperamos que tú) pidió restablecer la contraseña de tu cuenta de Waco Commons.',
  ),
  m('Choose a new password', 'Elegir una contraseña nueva'),
  m(
    'The link works once, for one hour. If you did not ask for it, ignore this mail: your password stays as it is.',
    'El enlace funciona una sola vez, durante una hora. Si no lo pediste, ignora este correo: tu contraseña no cambia.',
  ),
  m('Or paste this address into your browser:', 'O pega esta dirección en tu navegador:'),
  m('See you around the neighbourhood,', 'Nos vemos por el vecindario,'),
];

/** notifications' mails (gathered notifications, the digest), their unsubscribe page, settings. */
const NOTIFICATION_MAILS: ServerMessage[] = [
  m('Hello,', 'Hola:'),
  m(
    'You have {{count}} new notifications on Waco Commons',
    'Tienes {{count}} notificaciones nuevas en Waco Commons',
  ),
  m('Here is what happened while you were away:', 'Esto pasó mientras no estabas:'),
  m('And {{count}} more', 'Y {{count}} más'),
  m('See your notifications', 'Ver tus notificaciones'),
  m('You get these emails because you turned them on.', 'Recibes estos correos porque los activaste.'),
  m('Stop these emails', 'Dejar de recibir estos correos'),
  m('Your daily digest from Waco Commons', 'Tu resumen diario de Waco Commons'),
  m('Your weekly digest from Waco Commons', 'Tu resumen semanal de Waco Commons'),
  m('New posts from your neighbours:', 'Publicaciones nuevas de tus vecinos:'),
  m('From people you follow:', 'De quienes sigues:'),
  m('In your neighbourhood:', 'En tu vecindario:'),
  m('Open Waco Commons', 'Abrir Waco Commons'),
  m('You get this digest because you asked for it.', 'Recibes este resumen porque lo pediste.'),
  m('Unsubscribe', 'Cancelar la suscripción'),
  m('Stop getting the email digest?', '¿Dejar de recibir el resumen por correo?'),
  m('Stop getting notification emails?', '¿Dejar de recibir correos de notificaciones?'),
  m(
    'You can change this any time in your notification settings.',
    'Puedes cambiarlo cuando quieras en tu configuración de notificaciones.',
  ),
  m('Notification settings', 'Configuración de notificaciones'),
  m(
    'This unsubscribe link is invalid or has expired',
    'Este enlace para cancelar la suscripción no es válido o ya venció',
  ),
  m('You will get no more of these emails', 'No recibirás más estos correos'),
  m('The unsubscribe link is incomplete', 'El enlace para cancelar la suscripción está incompleto'),
  m('app must be true or false', 'app debe ser true o false'),
  m('push must be true or false', 'push debe ser true o false'),
  m('email must be true or false', 'email debe ser true o false'),
  m('digest must be off, daily or weekly', 'digest debe ser off, daily o weekly'),
];

/** Posts, the feed, search, saved searches and attendance (posts). */
const POSTS: ServerMessage[] = [
  m('Post not found', 'Publicación no encontrada'),
  m('Title', 'Título'),
  m('Title is required', 'El título es obligatorio'),
  m('Title must be at least 3 characters', 'El título debe tener al menos 3 caracteres'),
  m('Title must be at most 120 characters', 'El título debe tener como máximo 120 caracteres'),
  m('Description is required', 'La descripción es obligatoria'),
  m('Description must be at most 5000 characters', 'La descripción debe tener como máximo 5000 caracteres'),
  m('Category must be one of sale, job, event', 'La categoría debe ser sale, job o event'),
  m('Unknown neighborhood', 'Vecindario desconocido'),
  m(
    'Price must be a number from 0 to 99999999.99 with at most two decimals',
    'El precio debe ser un número de 0 a 99999999.99 con dos decimales como máximo',
  ),
  m(
    'Event date must be a valid date and time, e.g. 2025-06-01T18:00:00-05:00',
    'La fecha del evento debe ser una fecha y hora válidas, p. ej. 2025-06-01T18:00:00-05:00',
  ),
  m('Event date is required for events', 'La fecha es obligatoria para los eventos'),
  m('Contact email is at most 254 characters', 'El correo de contacto tiene como máximo 254 caracteres'),
  m('Contact email must be a valid email', 'El correo de contacto debe ser un correo válido'),
  m('Company', 'Empresa'),
  m('Salary', 'Salario'),
  m('Address', 'Dirección'),
  m('Contact phone', 'Teléfono de contacto'),
  m('At most 5 photos', 'Como máximo 5 fotos'),
  m('Each photo may appear only once', 'Cada foto puede aparecer solo una vez'),
  m('imagePaths must be a list of photo paths', 'imagePaths debe ser una lista de rutas de fotos'),
  m('Photos must be ones you uploaded: {{path}} is not', 'Las fotos deben ser tuyas: {{path}} no lo es'),
  m('Nothing to change', 'No hay nada que cambiar'),
  m('Status must be interested or going', 'El estado debe ser interested o going'),
  m(
    'filterType must be one of search_term, tag, category, neighborhood',
    'filterType debe ser search_term, tag, category o neighborhood',
  ),
  m('filterValue is required', 'filterValue es obligatorio'),
  m('free must be true or false', 'free debe ser true o false'),
  m('At most 50 ids at a time', 'Como máximo 50 ids a la vez'),
  m('cursor is not one this server gave', 'cursor no es uno que haya dado este servidor'),
  m(
    'cursor belongs to a list without search; start the search from its first page',
    'cursor pertenece a una lista sin búsqueda; empieza la búsqueda desde su primera página',
  ),
  m(
    'cursor belongs to the newest-first list; start this order from its first page',
    'cursor pertenece a la lista de más recientes; empieza este orden desde su primera página',
  ),
  m('minPrice must not be above maxPrice', 'minPrice no puede ser mayor que maxPrice'),
  m('sort must be newest, price_asc or price_desc', 'sort debe ser newest, price_asc o price_desc'),
  m('reason must be sold, filled or cancelled', 'reason debe ser sold, filled o cancelled'),
  m(
    'A saved search needs a query or at least one filter',
    'Una búsqueda guardada necesita un texto o al menos un filtro',
  ),
  m('This post already exists', 'Esta publicación ya existe'),
  m(
    'A closed post cannot be renewed; reopen it first',
    'Una publicación cerrada no se puede renovar; vuelve a abrirla primero',
  ),
  m(
    "This event's date has passed; change the date to renew it",
    'La fecha de este evento ya pasó; cambia la fecha para renovarlo',
  ),
  m('Only the person who posted this can change it', 'Solo quien lo publicó puede cambiarlo'),
  m('{{what}} can only be marked {{reasons}}', '{{what}} solo se puede marcar como {{reasons}}', [
    'what',
    'reasons',
  ]),
  m('A sale', 'Una venta'),
  m('A job', 'Un empleo'),
  m('An event', 'Un evento'),
  m('sold', 'vendido'),
  m('filled', 'cubierto'),
  m('cancelled', 'cancelado'),
  m('This post has expired; renew it first', 'Esta publicación venció; renuévala primero'),
  m(
    'Only a closed post can be reopened; renew an expired one',
    'Solo se puede volver a abrir una publicación cerrada; renueva una vencida',
  ),
  m('Only events have a calendar file', 'Solo los eventos tienen archivo de calendario'),
  m(
    'Only event posts take attendance (interested or going)',
    'Solo los eventos admiten asistencia (interested o going)',
  ),
  m('This event was cancelled', 'Este evento se canceló'),
  m('This saved search already exists', 'Esta búsqueda guardada ya existe'),
  m(
    'You can keep at most {{max}} saved searches; remove one first',
    'Puedes tener como máximo {{max}} búsquedas guardadas; quita una primero',
  ),
  m('Saved search not found', 'Búsqueda guardada no encontrada'),
  m('Only the person who saved this search can remove it', 'Solo quien guardó esta búsqueda puede quitarla'),
];

/** Comments and replies on posts (posts). */
const COMMENTS: ServerMessage[] = [
  // Hashtags and mentions.
  m(
    'A tag is 1 to 50 letters, digits or _ (without the #), such as "furniture" or "niños"',
    'Una etiqueta tiene de 1 a 50 letras, dígitos o _ (sin el #), como "muebles" o "niños"',
  ),
  m('A mention needs a name', 'Una mención necesita un nombre'),
  m('A mention is at most 100 characters', 'Una mención tiene como máximo 100 caracteres'),
  m('Mention', 'Mención'),
  m('At most 10 mentions', 'Como máximo 10 menciones'),
  m('mentions must be a list of {userId, name}', 'mentions debe ser una lista de {userId, name}'),
  m('q is required', 'q es obligatorio'),
  m('q is at most 50 characters', 'q tiene como máximo 50 caracteres'),
  m('Comment', 'Comentario'),
  m('Comment is required', 'El comentario es obligatorio'),
  m('Comment must be at most 2000 characters', 'El comentario debe tener como máximo 2000 caracteres'),
  m('Comment not found', 'Comentario no encontrado'),
  m('Comment deleted', 'Comentario eliminado'),
  m(
    'Too many people are following this post live; it refreshes on its own',
    'Demasiadas personas siguen esta publicación en vivo; se actualiza sola',
  ),
  m('This comment already exists', 'Este comentario ya existe'),
  m('You can only change your own comments', 'Solo puedes cambiar tus propios comentarios'),
  m(
    'This comment was deleted: it can no longer be replied to',
    'Este comentario se eliminó: ya no se puede responder',
  ),
  m(
    'Replies go at most 3 levels deep: reply higher up the thread',
    'Las respuestas llegan a 3 niveles como máximo: responde más arriba en la conversación',
  ),
  m(
    "You can't comment here: one of you has blocked the other. Unblocking lets you talk again.",
    'No puedes comentar aquí: uno de ustedes bloqueó al otro. Al desbloquear pueden volver a hablar.',
  ),
];

/** The per-member limits on posting, commenting and messaging new people (member-limits.ts). */
const MEMBER_LIMITS: ServerMessage[] = [
  m(
    'You posted the same thing in the last day. Edit that post instead of posting it again.',
    'Ya publicaste lo mismo en el último día. Edita esa publicación en lugar de publicarla otra vez.',
  ),
  m(
    'New or unverified accounts can make {{count}} posts an hour. You can post again in {{wait}}.',
    'Las cuentas nuevas o sin verificar pueden hacer {{count}} publicaciones por hora. Podrás publicar de nuevo en {{wait}}.',
    ['wait'],
  ),
  m(
    'New or unverified accounts can make {{count}} posts a day. You can post again in {{wait}}.',
    'Las cuentas nuevas o sin verificar pueden hacer {{count}} publicaciones al día. Podrás publicar de nuevo en {{wait}}.',
    ['wait'],
  ),
  m(
    'You can make {{count}} posts an hour. You can post again in {{wait}}.',
    'Puedes hacer {{count}} publicaciones por hora. Podrás publicar de nuevo en {{wait}}.',
    ['wait'],
  ),
  m(
    'You can make {{count}} posts a day. You can post again in {{wait}}.',
    'Puedes hacer {{count}} publicaciones al día. Podrás publicar de nuevo en {{wait}}.',
    ['wait'],
  ),
  m(
    'New or unverified accounts can write {{count}} comments an hour. You can comment again in {{wait}}.',
    'Las cuentas nuevas o sin verificar pueden escribir {{count}} comentarios por hora. Podrás comentar de nuevo en {{wait}}.',
    ['wait'],
  ),
  m(
    'New or unverified accounts can write {{count}} comments a day. You can comment again in {{wait}}.',
    'Las cuentas nuevas o sin verificar pueden escribir {{count}} comentarios al día. Podrás comentar de nuevo en {{wait}}.',
    ['wait'],
  ),
  m(
    'You can write {{count}} comments an hour. You can comment again in {{wait}}.',
    'Puedes escribir {{count}} comentarios por hora. Podrás comentar de nuevo en {{wait}}.',
    ['wait'],
  ),
  m(
    'You can write {{count}} comments a day. You can comment again in {{wait}}.',
    'Puedes escribir {{count}} comentarios al día. Podrás comentar de nuevo en {{wait}}.',
    ['wait'],
  ),
  m(
    'New or unverified accounts can message {{count}} new people an hour. You can message someone new again in {{wait}}.',
    'Las cuentas nuevas o sin verificar pueden escribir a {{count}} personas nuevas por hora. Podrás escribir a alguien nuevo en {{wait}}.',
    ['wait'],
  ),
  m(
    'New or unverified accounts can message {{count}} new people a day. You can message someone new again in {{wait}}.',
    'Las cuentas nuevas o sin verificar pueden escribir a {{count}} personas nuevas al día. Podrás escribir a alguien nuevo en {{wait}}.',
    ['wait'],
  ),
  m(
    'You can message {{count}} new people an hour. You can message someone new again in {{wait}}.',
    'Puedes escribir a {{count}} personas nuevas por hora. Podrás escribir a alguien nuevo en {{wait}}.',
    ['wait'],
  ),
  m(
    'You can message {{count}} new people a day. You can message someone new again in {{wait}}.',
    'Puedes escribir a {{count}} personas nuevas al día. Podrás escribir a alguien nuevo en {{wait}}.',
    ['wait'],
  ),
  m('{{count}} hour', '{{count}} hora'),
  m('{{count}} hours', '{{count}} horas'),
];

/** Conversations and messages (messaging). */
const MESSAGING: ServerMessage[] = [
  m('A message needs text or a photo', 'Un mensaje necesita texto o una foto'),
  m('Conversation not found', 'Conversación no encontrada'),
  m('Cannot message yourself', 'No puedes enviarte mensajes a ti mismo'),
  m('Message content is required', 'El contenido del mensaje es obligatorio'),
  m('Messages are at most 2000 characters', 'Los mensajes tienen como máximo 2000 caracteres'),
  m('Invalid content', 'Contenido no válido'),
  m('This post is not by either of you', 'Esta publicación no es de ninguno de los dos'),
  m('This is your own post.', 'Esta es tu propia publicación.'),
  m('Message deleted', 'Mensaje eliminado'),
  m('A message has at most 4 photos', 'Un mensaje tiene como máximo 4 fotos'),
];

/** Offers and ratings in a conversation about a post (messaging), and a sale's buyer (posts). */
const DEALS: ServerMessage[] = [
  m(
    'An offer is an amount from $0.01 to $1,000,000 with at most two decimals',
    'Una oferta es un monto de $0.01 a $1,000,000 con dos decimales como máximo',
  ),
  m('answer must be accept, decline or counter', 'answer debe ser accept, decline o counter'),
  m(
    'A counter-offer needs an amount, and only a counter-offer takes one',
    'Una contraoferta necesita un monto, y solo una contraoferta lo lleva',
  ),
  m('A counter-offer needs an amount', 'Una contraoferta necesita un monto'),
  m(
    'An offer must be about a post by one of you',
    'Una oferta debe ser sobre una publicación de uno de los dos',
  ),
  m('This post is no longer available', 'Esta publicación ya no está disponible'),
  m(
    'You cannot make an offer on your own post; counter an offer instead',
    'No puedes hacer una oferta en tu propia publicación; haz una contraoferta',
  ),
  m(
    'There is already an open offer in this conversation: answer it first',
    'Ya hay una oferta abierta en esta conversación: respóndela primero',
  ),
  m(
    'An offer on this post was already accepted in this conversation',
    'Ya se aceptó una oferta por esta publicación en esta conversación',
  ),
  m('This offer has already been answered', 'Esta oferta ya fue respondida'),
  m('Offer not found', 'Oferta no encontrada'),
  m(
    'Only the person the offer was made to can answer it',
    'Solo la persona que recibió la oferta puede responderla',
  ),
  m('You cannot rate this member', 'No puedes calificar a este miembro'),
  m(
    'You can only rate someone you messaged with about this post',
    'Solo puedes calificar a alguien con quien te escribiste sobre esta publicación',
  ),
  m(
    'You can rate someone only after the post was sold between the two of you',
    'Solo puedes calificar a alguien después de que la publicación se vendió entre los dos',
  ),
  m('You have already rated this member for this post', 'Ya calificaste a este miembro por esta publicación'),
  m('score must be a whole number from 1 to 5', 'score debe ser un número entero del 1 al 5'),
  m('Invalid score', 'Calificación no válida'),
  m('A short note is required', 'Se necesita una nota breve'),
  m('A note is at most 280 characters', 'Una nota tiene como máximo 280 caracteres'),
  m('Invalid note', 'Nota no válida'),
  m('You cannot sell to yourself', 'No puedes venderte a ti mismo'),
];

/** Groups, their members and community events (groups). */
const GROUPS: ServerMessage[] = [
  m('Group not found', 'Grupo no encontrado'),
  m('Event not found', 'Evento no encontrado'),
  m('Calendar not found', 'Calendario no encontrado'),
  m('Not a calendar address', 'No es una dirección de calendario'),
  m("Only the group's admins can do this", 'Solo los administradores del grupo pueden hacer esto'),
  m("Only the group's members can create its events", 'Solo los miembros del grupo pueden crear sus eventos'),
  m("Only the group's members can post in it", 'Solo los miembros del grupo pueden publicar en él'),
  m(
    "Only the event's organiser or the group's admins can change it",
    'Solo quien organiza el evento o los administradores del grupo pueden cambiarlo',
  ),
  m('The photo must be one you uploaded', 'La foto debe ser una que hayas subido'),
  m('The start must be in the future', 'El inicio debe ser en el futuro'),
  m('The end must be after the start', 'El final debe ser posterior al inicio'),
  m('This event has already started', 'Este evento ya ha empezado'),
  m('You are not signed up for this event', 'No estás apuntado a este evento'),
  m('You are already a member of this group', 'Ya eres miembro de este grupo'),
  m("Only the group's members can invite to it", 'Solo los miembros del grupo pueden invitar a él'),
  m(
    'You cannot invite a member you blocked or who blocked you',
    'No puedes invitar a un miembro que bloqueaste o que te bloqueó',
  ),
  m('This member is already invited to this group', 'Este miembro ya está invitado a este grupo'),
  m('This member is already in this group', 'Este miembro ya está en este grupo'),
  m('You have no invitation to this group', 'No tienes ninguna invitación a este grupo'),
  m('You have no invitation to this event', 'No tienes ninguna invitación a este evento'),
  m('This member is already invited to this event', 'Este miembro ya está invitado a este evento'),
  m('This member is already signed up for this event', 'Este miembro ya está inscrito en este evento'),
  m(
    'This member cannot see this event: invite them to its group first',
    'Este miembro no puede ver este evento: invítalo primero a su grupo',
  ),
  m('You have already asked to join this group', 'Ya has pedido unirte a este grupo'),
  m('You are not a member of this group', 'No eres miembro de este grupo'),
  m('There is no request to join from this member', 'No hay ninguna solicitud de este miembro para unirse'),
  m(
    'You are the last admin of this group: make another member an admin before you leave',
    'Eres el último administrador de este grupo: nombra administrador a otro miembro antes de salir',
  ),
  m(
    'You are the last admin of this group: make another member an admin first',
    'Eres el último administrador de este grupo: nombra administrador a otro miembro primero',
  ),
  m('Name must be at least 3 characters', 'El nombre debe tener al menos 3 caracteres'),
  m('Name must be at most 80 characters', 'El nombre debe tener como máximo 80 caracteres'),
  m('Location must be at most 200 characters', 'La ubicación debe tener como máximo 200 caracteres'),
  m('Role must be one of member, moderator, admin', 'El rol debe ser member, moderator o admin'),
  m(
    '{{field}} must be a valid date and time, e.g. 2026-06-01T18:00:00-05:00',
    '{{field}} debe ser una fecha y hora válidas, p. ej. 2026-06-01T18:00:00-05:00',
    ['field'],
  ),
  m('Start date', 'Fecha de inicio'),
  m('End date', 'Fecha de fin'),
  m('isPublic must be true or false', 'isPublic debe ser true o false'),
  m('approve must be true or false', 'approve debe ser true o false'),
  m('sort must be newest or members', 'sort debe ser newest o members'),
  m('maxAttendees must be a whole number', 'maxAttendees debe ser un número entero'),
];

/** Local businesses, their claims and reviews (directory). */
const DIRECTORY: ServerMessage[] = [
  m('Business not found', 'Negocio no encontrado'),
  m('Review not found', 'Reseña no encontrada'),
  m(
    'You have already reviewed this business: edit your review instead',
    'Ya has reseñado este negocio: edita tu reseña',
  ),
  m('You cannot review your own business', 'No puedes reseñar tu propio negocio'),
  m(
    'You cannot review the business of a member you blocked or who blocked you',
    'No puedes reseñar el negocio de alguien a quien bloqueaste o que te bloqueó',
  ),
  m('Only its author can change a review', 'Solo su autor puede cambiar una reseña'),
  m(
    "Only the business's verified owner can do this",
    'Solo el dueño verificado del negocio puede hacer esto',
  ),
  m('This business is already yours', 'Este negocio ya es tuyo'),
  m('This business already has a verified owner', 'Este negocio ya tiene un dueño verificado'),
  m(
    'Your claim on this business is waiting for a moderator',
    'Tu solicitud sobre este negocio está esperando a un moderador',
  ),
  m(
    'There is no claim on this business waiting for a decision',
    'No hay ninguna solicitud sobre este negocio esperando una decisión',
  ),
  m('Rating must be a whole number from 1 to 5', 'La calificación debe ser un número entero del 1 al 5'),
  m('Unknown business category', 'Categoría de negocio desconocida'),
  m('Name must be at least 2 characters', 'El nombre debe tener al menos 2 caracteres'),
  m('Name must be at most 100 characters', 'El nombre debe tener como máximo 100 caracteres'),
  m('Email must be a valid email', 'El correo debe ser un correo válido'),
  m(
    'Phone must be a phone number, e.g. (254) 555-0100',
    'El teléfono debe ser un número, p. ej. (254) 555-0100',
  ),
  m(
    'Website must be an address starting with http:// or https://',
    'El sitio web debe ser una dirección que empiece por http:// o https://',
  ),
  m('Reply is required', 'La respuesta es obligatoria'),
  m('Reply must be at most 2000 characters', 'La respuesta debe tener como máximo 2000 caracteres'),
  m(
    'Tell the moderators how to confirm you run this business',
    'Explica a los moderadores cómo confirmar que llevas este negocio',
  ),
  m('The note must be at most 1000 characters', 'La nota debe tener como máximo 1000 caracteres'),
  m('sort must be rating, reviews, newest or name', 'sort debe ser rating, reviews, newest o name'),
  m('Phone', 'Teléfono'),
  m('Email', 'Correo'),
  m('Website', 'Sitio web'),
];

/** Reports, blocks and suspensions (moderation). */
const MODERATION: ServerMessage[] = [
  m('Report not found', 'Reporte no encontrado'),
  m('There is nothing to report there', 'Ahí no hay nada que reportar'),
  m(
    "You can't report yourself or your own posts, comments, messages, groups and events",
    'No puedes reportarte a ti mismo ni tus propias publicaciones, comentarios, mensajes, grupos y eventos',
  ),
  m('These reports were already resolved', 'Estos reportes ya se resolvieron'),
  m(
    'Only posts, comments, businesses, reviews, groups and events can be hidden; suspend the member instead',
    'Solo se pueden ocultar publicaciones, comentarios, negocios, reseñas, grupos y eventos; suspende al miembro en su lugar',
  ),
  m('Only moderators can do this', 'Solo los moderadores pueden hacer esto'),
  m("Only the site's administrators can do this", 'Solo los administradores del sitio pueden hacer esto'),
  m(
    'No such dead letter: it was handed back or dropped already',
    'No existe esa carta muerta: ya se devolvió o se descartó',
  ),
  m('This member is not suspended', 'Este miembro no está suspendido'),
  m("You can't block yourself", 'No puedes bloquearte a ti mismo'),
  // Follows (identity).
  m("You can't follow yourself", 'No puedes seguirte a ti mismo'),
  m(
    "You can't follow this member: one of you has blocked the other.",
    'No puedes seguir a este miembro: uno de ustedes bloqueó al otro.',
  ),
  m("You don't follow this member", 'No sigues a este miembro'),
  m(
    'Sign in to see the posts of people you follow',
    'Inicia sesión para ver las publicaciones de quienes sigues',
  ),
  m('alerts must be true or false', 'alerts debe ser true o false'),
  m('following must be true or false', 'following debe ser true o false'),
  m("You can't suspend yourself", 'No puedes suspenderte a ti mismo'),
  m(
    "You can't message each other: one of you has blocked the other. Unblocking lets you talk again.",
    'No pueden enviarse mensajes: uno de ustedes bloqueó al otro. Al desbloquear pueden volver a hablar.',
  ),
  m(
    "Your account is suspended by the moderators: you can't post, message, like or report until a moderator reinstates you.",
    'Los moderadores suspendieron tu cuenta: no puedes publicar, enviar mensajes, dar me gusta ni reportar hasta que un moderador te restablezca.',
  ),
  m(
    "Your account is suspended by the moderators: you can't post, message, like or report until a moderator reinstates you. Reason: {{note}}",
    'Los moderadores suspendieron tu cuenta: no puedes publicar, enviar mensajes, dar me gusta ni reportar hasta que un moderador te restablezca. Motivo: {{note}}',
  ),
  m('Hidden by moderators', 'Ocultada por los moderadores'),
  m(
    'targetType must be one of post, user, message, comment, business, review, group, event',
    'targetType debe ser post, user, message, comment, business, review, group o event',
  ),
  m('verified must be true or false', 'verified debe ser true o false'),
  m('moderator must be true or false', 'moderator debe ser true o false'),
  m('Comment hidden by moderators', 'Comentario ocultado por los moderadores'),
  m(
    'reason must be one of scam, prohibited, harassment, spam, other',
    'reason debe ser scam, prohibited, harassment, spam u other',
  ),
  m('action must be one of dismiss, hide, suspend', 'action debe ser dismiss, hide o suspend'),
  m('status must be open or resolved', 'status debe ser open o resolved'),
  m('note is at most 1000 characters', 'note tiene como máximo 1000 caracteres'),
  m('details are at most 1000 characters', 'details tiene como máximo 1000 caracteres'),
];

/** Notifications as stored and as pushed (notifications). */
const NOTIFICATIONS: ServerMessage[] = [
  m('Notification not found', 'Notificación no encontrada'),
  m(
    'Push notifications are not set up on this server',
    'Las notificaciones push no están configuradas en este servidor',
  ),
  m('endpoint must be the push service URL', 'endpoint debe ser la URL del servicio push'),
  m('endpoint must be an https:// push service URL', 'endpoint debe ser una URL https:// del servicio push'),
  m(
    'endpoint must be a push service on the internet, not a local or private address ({{host}})',
    'endpoint debe ser un servicio push de internet, no una dirección local o privada ({{host}})',
  ),
  m('{{key}} is required', '{{key}} es obligatorio'),
  m('{{key}} must be base64url', '{{key}} debe estar en base64url'),
  m('{{key}} must be {{count}} bytes', '{{key}} debe tener {{count}} bytes'),
  m('{{name}} liked your post', 'A {{name}} le gustó tu publicación', ['name']),
  m('{{name}} is going to your event', '{{name}} va a ir a tu evento', ['name']),
  m('{{name}} is interested in your event', 'A {{name}} le interesa tu evento', ['name']),
  m('{{name}} sent you a message', '{{name}} te envió un mensaje', ['name']),
  m('{{name}} commented on your post', '{{name}} comentó tu publicación', ['name']),
  m('{{name}} replied to your comment', '{{name}} respondió a tu comentario', ['name']),
  m('{{name}} started following you', '{{name}} comenzó a seguirte', ['name']),
  m('Tap to see their profile', 'Toca para ver su perfil'),
  m('{{name}} posted something new', '{{name}} publicó algo nuevo', ['name']),
  m('{{name}} mentioned you in a comment', '{{name}} te mencionó en un comentario', ['name']),
  m('{{name}} mentioned you in a post', '{{name}} te mencionó en una publicación', ['name']),
  m('A post', 'Una publicación'),
  // A deal's offers ({{amount}} is "$45.00"; {{post}} is “its title”, or "the post" while
  // notifications has none).
  m('{{name}} offered {{amount}} for {{post}}', '{{name}} ofreció {{amount}} por {{post}}', ['name', 'post']),
  m(
    '{{name}} countered with {{amount}} for {{post}}',
    '{{name}} hizo una contraoferta de {{amount}} por {{post}}',
    ['name', 'post'],
  ),
  m(
    '{{name}} accepted your offer of {{amount}} for {{post}}',
    '{{name}} aceptó tu oferta de {{amount}} por {{post}}',
    ['name', 'post'],
  ),
  m(
    '{{name}} declined your offer of {{amount}} for {{post}}',
    '{{name}} rechazó tu oferta de {{amount}} por {{post}}',
    ['name', 'post'],
  ),
  m('{{name}} declined your offer for {{post}}', '{{name}} rechazó tu oferta por {{post}}', ['name', 'post']),
  m('the post', 'la publicación'),
  m(
    'Accept, decline or counter it in the conversation',
    'Acéptala, recházala o haz una contraoferta en la conversación',
  ),
  m(
    'The post is pending until it is marked sold',
    'La publicación queda pendiente hasta que se marque como vendida',
  ),
  m('Open the conversation to reply', 'Abre la conversación para responder'),
  m('Someone', 'Alguien'),
  // A deleted account's name (FORMER_MEMBER), in a title's {{name}}.
  m('Former member', 'Exmiembro'),
  // A like's or an answer's post whose title notifications has not learnt yet.
  m('Your post', 'Tu publicación'),
  m('Your event', 'Tu evento'),
  m('“{{title}}” was marked {{reason}}', '“{{title}}” se marcó como {{reason}}', ['reason']),
  m('An event you follow', 'Un evento que sigues'),
  m('A post you saved', 'Una publicación que guardaste'),
  m('Price drop: “{{title}}”', 'Bajó de precio: “{{title}}”'),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a price in dollars, then a placeholder
  m('Now ${{price}} (was ${{previous}})', 'Ahora ${{price}} (antes ${{previous}})'),
  m('“{{title}}” changed', '“{{title}}” cambió'),
  m('The event is {{news}}', 'Cambios en el evento: {{news}}', ['news']),
  m('now {{when}}', 'ahora {{when}}'),
  m('now at {{address}}', 'ahora en {{address}}'),
  m('place to be announced', 'lugar por anunciar'),
  m('“{{title}}” was removed', '“{{title}}” se eliminó'),
  m(
    'A post you saved was deleted by the person who posted it',
    'Quien la publicó eliminó una publicación que guardaste',
  ),
  m('New post matching your saved search', 'Nueva publicación que coincide con tu búsqueda guardada'),
  m('Your post expires in {{days}} days', 'Tu publicación vence en {{days}} días'),
  m('“{{title}}”: renew it to keep it in the feed', '“{{title}}”: renuévala para que siga en el inicio'),
  // A community event (groups): its reminders, and a notice of its change or cancellation.
  m('“{{title}}” starts tomorrow', '“{{title}}” empieza mañana'),
  m('“{{title}}” starts in an hour', '“{{title}}” empieza en una hora'),
  m('Starts {{when}} at {{location}}', 'Empieza {{when}} en {{location}}'),
  m('“{{title}}” was cancelled', '“{{title}}” se canceló'),
  m('An event you signed up for was cancelled', 'Se canceló un evento en el que te inscribiste'),
  m('“{{title}}”: you have a place', '“{{title}}”: tienes un lugar'),
  m('A place freed up and it is yours: you are going', 'Se liberó un lugar y es tuyo: vas a ir'),
  m('{{name}} invited you to join a group', '{{name}} te invitó a unirte a un grupo', ['name']),
  m('{{name}} invited you to an event', '{{name}} te invitó a un evento', ['name']),
  m('Open it to accept or decline', 'Ábrela para aceptar o rechazar'),
  m('Your report was reviewed', 'Se revisó tu reporte'),
  m('{{outcome}} Note: {{note}}', '{{outcome}} Nota: {{note}}', ['outcome']),
  m(
    'Moderators reviewed the post you reported and left it up.',
    'Los moderadores revisaron la publicación que reportaste y la dejaron.',
  ),
  m(
    'Moderators reviewed the member you reported and took no action.',
    'Los moderadores revisaron al miembro que reportaste y no tomaron medidas.',
  ),
  m(
    'Moderators reviewed the message you reported and took no action.',
    'Los moderadores revisaron el mensaje que reportaste y no tomaron medidas.',
  ),
  m('Moderators hid the post you reported.', 'Los moderadores ocultaron la publicación que reportaste.'),
  m(
    'Moderators acted on the member you reported.',
    'Los moderadores tomaron medidas sobre el miembro que reportaste.',
  ),
  m(
    'Moderators acted on the message you reported.',
    'Los moderadores tomaron medidas sobre el mensaje que reportaste.',
  ),
  m(
    'Moderators hid the post you reported and suspended its author.',
    'Los moderadores ocultaron la publicación que reportaste y suspendieron a su autor.',
  ),
  m(
    'Moderators suspended the member you reported.',
    'Los moderadores suspendieron al miembro que reportaste.',
  ),
  m(
    'Moderators suspended the member whose message you reported.',
    'Los moderadores suspendieron al miembro cuyo mensaje reportaste.',
  ),
  m(
    'Moderators reviewed the comment you reported and left it up.',
    'Los moderadores revisaron el comentario que reportaste y lo dejaron visible.',
  ),
  m('Moderators hid the comment you reported.', 'Los moderadores ocultaron el comentario que reportaste.'),
  m(
    'Moderators hid the comment you reported and suspended its author.',
    'Los moderadores ocultaron el comentario que reportaste y suspendieron a su autor.',
  ),
  m(
    'Moderators reviewed the business you reported and left it up.',
    'Los moderadores revisaron el negocio que reportaste y lo dejaron publicado.',
  ),
  m(
    'Moderators reviewed the review you reported and left it up.',
    'Los moderadores revisaron la reseña que reportaste y la dejaron publicada.',
  ),
  m(
    'Moderators took down the business you reported.',
    'Los moderadores retiraron el negocio que reportaste.',
  ),
  m('Moderators hid the review you reported.', 'Los moderadores ocultaron la reseña que reportaste.'),
  m(
    'Moderators took down the business you reported and suspended who added it.',
    'Los moderadores retiraron el negocio que reportaste y suspendieron a quien lo añadió.',
  ),
  m(
    'Moderators hid the review you reported and suspended its author.',
    'Los moderadores ocultaron la reseña que reportaste y suspendieron a su autor.',
  ),
  m(
    'Moderators reviewed the group you reported and left it up.',
    'Los moderadores revisaron el grupo que reportaste y lo dejaron visible.',
  ),
  m(
    'Moderators reviewed the event you reported and left it up.',
    'Los moderadores revisaron el evento que reportaste y lo dejaron visible.',
  ),
  m('Moderators hid the group you reported.', 'Los moderadores ocultaron el grupo que reportaste.'),
  m('Moderators hid the event you reported.', 'Los moderadores ocultaron el evento que reportaste.'),
  m(
    'Moderators hid the group you reported and suspended its owner.',
    'Los moderadores ocultaron el grupo que reportaste y suspendieron a su dueño.',
  ),
  m(
    'Moderators hid the event you reported and suspended its organiser.',
    'Los moderadores ocultaron el evento que reportaste y suspendieron a su organizador.',
  ),
];

/** Uploads and images (media). */
const MEDIA: ServerMessage[] = [
  m('Only JPEG, PNG or WEBP images', 'Solo imágenes JPEG, PNG o WEBP'),
  m('size must be the file size in bytes', 'size debe ser el tamaño del archivo en bytes'),
  m('key is required', 'key es obligatorio'),
  m('partNumber is at least 1', 'partNumber es como mínimo 1'),
  m('partNumber is at most {{max}}', 'partNumber es como máximo {{max}}'),
  m('partNumber must be a number', 'partNumber debe ser un número'),
  m('parts must be a list of {PartNumber, ETag}', 'parts debe ser una lista de {PartNumber, ETag}'),
  m('parts must not be empty', 'parts no puede estar vacío'),
  m('w must be a width in pixels', 'w debe ser un ancho en píxeles'),
  m('No such image', 'No existe esa imagen'),
  m(
    'metadata[size] is required: the upload URL is signed for the file size',
    'metadata[size] es obligatorio: la URL de subida se firma para el tamaño del archivo',
  ),
  m(
    'metadata.size is required: every part URL is signed for its share of the file size',
    'metadata.size es obligatorio: cada URL de parte se firma para su parte del tamaño del archivo',
  ),
  m(
    'Temporary credentials are not offered: this store uses long-lived keys, which never reach a browser. Use s3/params (single PUT) or s3/multipart instead.',
    'No se ofrecen credenciales temporales: este almacén usa claves de larga duración, que nunca llegan al navegador. Usa s3/params (un solo PUT) o s3/multipart.',
  ),
  m(
    'Send {"contentType", "size"}: the upload URL is signed for the file size',
    'Envía {"contentType", "size"}: la URL de subida se firma para el tamaño del archivo',
  ),
  m('objectPath names no upload', 'objectPath no corresponde a ninguna subida'),
  m('This upload is already {{status}}', 'Esta subida ya está en estado {{status}}'),
  m(
    'Nothing has been uploaded to this path yet: PUT the file to its upload URL first',
    'Todavía no se ha subido nada a esta ruta: primero haz PUT del archivo a su URL de subida',
  ),
  m('This upload was finished by another request', 'Otra solicitud terminó esta subida'),
  m(
    'The store refused to assemble the parts: {{reason}}',
    'El almacén se negó a unir las partes: {{reason}}',
  ),
  m('This upload is already complete', 'Esta subida ya está completa'),
  m(
    'This upload was started without its file size; start a new one',
    'Esta subida empezó sin el tamaño del archivo; empieza una nueva',
  ),
  m(
    'A file of {{size}} bytes has {{count}} part; there is no part {{part}}',
    'Un archivo de {{size}} bytes tiene {{count}} parte; no existe la parte {{part}}',
  ),
  m(
    'A file of {{size}} bytes has {{count}} parts; there is no part {{part}}',
    'Un archivo de {{size}} bytes tiene {{count}} partes; no existe la parte {{part}}',
  ),
  m('No upload with this key', 'No hay ninguna subida con esta clave'),
  m('This upload belongs to another user', 'Esta subida pertenece a otro usuario'),
  m(
    'This uploadId is not the one recorded for this key',
    'Este uploadId no es el registrado para esta clave',
  ),
  m(
    'This is a multipart upload: complete it through s3/multipart/{uploadId}/complete',
    'Esta es una subida multiparte: complétala mediante s3/multipart/{uploadId}/complete',
  ),
  m('This upload was abandoned; start a new one', 'Esta subida se abandonó; empieza una nueva'),
  m('This upload was refused', 'Esta subida se rechazó'),
  m("A key may not contain '..'", "Una clave no puede contener '..'"),
  m(
    'Not an upload key: keys look like uploads/{user}/{id}.{ext}',
    'No es una clave de subida: las claves son como uploads/{user}/{id}.{ext}',
  ),
  m(
    'Rule "size": an image may be at most {{mb}} MB ({{bytes}} bytes)',
    'Regla "size": una imagen puede tener como máximo {{mb}} MB ({{bytes}} bytes)',
  ),
  m(
    `Rule "type": only JPEG, PNG or WEBP images; the file's bytes are none of these, whatever its name says`,
    'Regla "type": solo imágenes JPEG, PNG o WEBP; los bytes del archivo no son ninguno de estos, diga lo que diga su nombre',
  ),
  m(
    'Rule "image": the file starts like an image but cannot be read as one',
    'Regla "image": el archivo empieza como una imagen pero no se puede leer como tal',
  ),
  m('This upload already exists', 'Esta subida ya existe'),
  m(
    '{{operation}} is not supported by this object store (s3rver, the embedded store, lacks it). {{advice}}',
    '{{operation}} no es compatible con este almacén de objetos (s3rver, el almacén integrado, no lo tiene). {{advice}}',
    ['advice'],
  ),
  m('Start the upload again instead of resuming it.', 'Empieza la subida de nuevo en lugar de reanudarla.'),
  m(
    'The parts stay in the store until it is reset; the upload can simply be left unfinished.',
    'Las partes se quedan en el almacén hasta que se reinicie; la subida puede quedar sin terminar.',
  ),
];

/** What the gateway and every service's HTTP layer say themselves. */
const HTTP: ServerMessage[] = [
  m('Invalid request', 'Solicitud no válida'),
  m('Not found', 'No encontrado'),
  m('No route for {{method}} {{path}}', 'No hay ruta para {{method}} {{path}}'),
  m('No such file of the API reference: {{file}}', 'La referencia de la API no tiene el archivo {{file}}'),
  m('Malformed JSON body: {{reason}}', 'Cuerpo JSON mal formado: {{reason}}'),
  m('Request body is larger than {{limit}}', 'El cuerpo de la solicitud supera {{limit}}'),
  m('Send the body as application/json', 'Envía el cuerpo como application/json'),
  m(
    'The database is unavailable right now. Please try again in a moment.',
    'La base de datos no está disponible ahora. Inténtalo de nuevo en un momento.',
  ),
  m(
    'Something went wrong on our side. Please try again.',
    'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
  ),
  m(
    'This changed at the same moment elsewhere; please try again',
    'Esto cambió en el mismo momento en otro lugar; inténtalo de nuevo',
  ),
  m(
    '{{field}} must not contain the NUL character (U+0000)',
    '{{field}} no puede contener el carácter NUL (U+0000)',
  ),
  m(
    '{{field}} contains a broken character (half of an emoji or other surrogate pair)',
    '{{field}} contiene un carácter roto (la mitad de un emoji u otro par sustituto)',
  ),
  // The display-text rules (text.ts): names, titles, bios.
  m(
    '{{field}} must not contain text-direction controls (U+{{code}})',
    '{{field}} no puede contener caracteres de control de la dirección del texto (U+{{code}})',
    ['field'],
  ),
  m(
    '{{field}} must not contain invisible characters (U+{{code}})',
    '{{field}} no puede contener caracteres invisibles (U+{{code}})',
    ['field'],
  ),
  m(
    '{{field}} must not contain control characters (U+{{code}})',
    '{{field}} no puede contener caracteres de control (U+{{code}})',
    ['field'],
  ),
  m('{{field}} must be on one line', '{{field}} debe ocupar una sola línea', ['field']),
  m(
    '{{field}} mixes {{script}} and {{other}} letters in one word: write each word in one alphabet',
    '{{field}} mezcla letras de los alfabetos {{script}} y {{other}} en una misma palabra: escribe cada palabra en un solo alfabeto',
    ['field', 'script', 'other'],
  ),
  m('Latin', 'latino'),
  m('Cyrillic', 'cirílico'),
  m('Greek', 'griego'),
  m('Armenian', 'armenio'),
  m('Cherokee', 'cheroqui'),
  m('Must be a valid id', 'Debe ser un id válido'),
  m('{{field}} is at most {{max}} characters', '{{field}} tiene como máximo {{max}} caracteres', ['field']),
  m('{{field}} is at most {{max}}', '{{field}} es como máximo {{max}}'),
  m('{{field}} must be at least {{min}}', '{{field}} debe ser como mínimo {{min}}'),
  m('{{field}} must be 0 or more', '{{field}} debe ser 0 o más'),
  m('{{field}} must be a number', '{{field}} debe ser un número'),
  m(
    'Cross-site requests may not change anything here',
    'Las solicitudes desde otros sitios no pueden cambiar nada aquí',
  ),
  m(
    'Requests from {{origin}} may not change anything here',
    'Las solicitudes desde {{origin}} no pueden cambiar nada aquí',
  ),
  m(
    'Sign out from the app itself: a link from another site cannot sign you out',
    'Cierra sesión desde la propia aplicación: un enlace de otro sitio no puede cerrar tu sesión',
  ),
  m(
    'The server is busy right now. Please try again in a moment.',
    'El servidor está muy ocupado ahora. Inténtalo de nuevo en un momento.',
  ),
  m(
    'The object store is unavailable right now. Please try again in a moment.',
    'El almacén de objetos no está disponible ahora. Inténtalo de nuevo en un momento.',
  ),
  m(
    'The {{service}} service is unavailable right now. Please try again in a moment.',
    'El servicio {{service}} no está disponible ahora. Inténtalo de nuevo en un momento.',
  ),
  m(
    'The {{service}} service did not answer in time. Please try again.',
    'El servicio {{service}} no respondió a tiempo. Inténtalo de nuevo.',
  ),
  m(
    'The {{service}} service failed to answer. Please try again.',
    'El servicio {{service}} no pudo responder. Inténtalo de nuevo.',
  ),
  m('Invalid path {{path}}', 'Ruta no válida {{path}}'),
  m('Expectation "{{expectation}}" is not supported', 'La expectativa "{{expectation}}" no es compatible'),
  m('No file {{path}}', 'No existe el archivo {{path}}'),
  m(
    'Your export could not be completed. Please try again in a minute.',
    'No se pudo completar tu exportación. Inténtalo de nuevo en un minuto.',
  ),
  m(
    'The sitemap is not available right now. Please try again in a minute.',
    'El mapa del sitio no está disponible ahora. Inténtalo de nuevo en un minuto.',
  ),
];

/** zod's own English (the request's field first, see libs/platform's validation-message.ts). */
const ZOD_DEFAULTS: ServerMessage[] = [
  m(
    '{{field}}: Invalid input: expected {{expected}}, received {{received}}',
    '{{field}}: Entrada no válida: se esperaba {{expected}}, se recibió {{received}}',
  ),
  m('{{field}}: Invalid input', '{{field}}: Entrada no válida'),
  m(
    '{{field}}: Invalid option: expected one of {{options}}',
    '{{field}}: Opción no válida: se esperaba una de {{options}}',
  ),
  m(
    '{{field}}: Too small: expected {{what}} to have {{size}}',
    '{{field}}: Demasiado pequeño: se esperaba que {{what}} tuviera {{size}}',
  ),
  m(
    '{{field}}: Too small: expected {{what}} to be {{size}}',
    '{{field}}: Demasiado pequeño: se esperaba que {{what}} fuera {{size}}',
  ),
  m(
    '{{field}}: Too big: expected {{what}} to have {{size}}',
    '{{field}}: Demasiado grande: se esperaba que {{what}} tuviera {{size}}',
  ),
  m(
    '{{field}}: Too big: expected {{what}} to be {{size}}',
    '{{field}}: Demasiado grande: se esperaba que {{what}} fuera {{size}}',
  ),
  m('{{field}}: Unrecognized key: {{keys}}', '{{field}}: Clave no reconocida: {{keys}}'),
  m('{{field}}: Unrecognized keys: {{keys}}', '{{field}}: Claves no reconocidas: {{keys}}'),
  m('{{field}}: Invalid string: {{reason}}', '{{field}}: Texto no válido: {{reason}}'),
];

/** The whole catalogue. */
export const SERVER_MESSAGES: readonly ServerMessage[] = [
  ...ACCOUNTS,
  ...MAILS,
  ...POSTS,
  ...COMMENTS,
  ...MEMBER_LIMITS,
  ...NOTIFICATION_MAILS,
  ...MESSAGING,
  ...DEALS,
  ...MODERATION,
  ...GROUPS,
  ...DIRECTORY,
  ...NOTIFICATIONS,
  ...MEDIA,
  ...HTTP,
  ...ZOD_DEFAULTS,
];

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The placeholders of a text, in order. */
export const placeholdersOf = (text: string) => [...text.matchAll(PLACEHOLDER)].map((p) => p[1] as string);

interface Template {
  message: ServerMessage;
  pattern: RegExp;
  names: string[];
  /** Letters outside placeholders: the more, the more specific. */
  weight: number;
}

const EXACT = new Map<string, ServerMessage>();
const TEMPLATES: Template[] = [];
for (const message of SERVER_MESSAGES) {
  const names = placeholdersOf(message.en);
  if (names.length === 0) {
    EXACT.set(message.en, message);
    continue;
  }
  const source = message.en
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const weight = message.en.replace(PLACEHOLDER, '').length;
  TEMPLATES.push({ message, pattern: new RegExp(`^${source}$`, 's'), names, weight });
}
TEMPLATES.sort((a, b) => b.weight - a.weight);

/** The catalogue's sentence an English text is (exactly, or by template), with its values. */
export function findServerMessage(
  english: string,
): { message: ServerMessage; values: Record<string, string> } | null {
  const exact = EXACT.get(english);
  if (exact) return { message: exact, values: {} };
  for (const template of TEMPLATES) {
    const match = template.pattern.exec(english);
    if (match) {
      const values = Object.fromEntries(template.names.map((name, i) => [name, match[i + 1] as string]));
      return { message: template.message, values };
    }
  }
  return null;
}

/**
 * A sentence the server said, in `lang`; the sentence itself when the catalogue does not know it
 * (a member's own words, or a message newer than this copy of the catalogue).
 */
export function translateServerMessage(english: string, lang: Language): string {
  if (lang === 'en') return english;
  const found = findServerMessage(english);
  if (!found) return english;
  const { message, values } = found;
  return message[lang].replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name] ?? '';
    return message.translate?.includes(name) ? translateValue(value, lang) : value;
  });
}

/** A value that is itself a sentence, or a list of them ("now Jun 1, 6:00 PM, now at Main St"). */
function translateValue(value: string, lang: Language): string {
  return value
    .split(', ')
    .map((part) => translateServerMessage(part, lang))
    .join(', ');
}
