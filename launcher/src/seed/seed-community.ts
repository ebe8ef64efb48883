/**
 * The seed's conversations and connections: public questions on posts with their answers (the
 * first thing a neighbour looks for under a sale or an event), and who follows whom. `by` is an
 * index into SEED_USERS; a thread names its post by title (seed-posts.ts). `@First Last` in a
 * comment mentions that neighbour, as choosing them from the suggestions does.
 */

/**
 * A thread, one comment a line, in the order written: `[depth, by, text]`. Depth 1 is a comment on
 * the post; depth 2 replies to the last depth-1 comment above it, depth 3 to the last depth 2.
 */
export interface SeedThread {
  post: string;
  comments: Array<[depth: 1 | 2 | 3, by: number, text: string]>;
}

// biome-ignore format: one comment a line reads as the thread it is
export const SEED_THREADS: SeedThread[] = [
  { post: 'Trek hybrid bicycle, 21 speed', comments: [
    [1, 1, 'Is the frame aluminum? And would you take $150 if I pick it up today?'],
    [2, 3, 'Aluminum, yes. $160 and it is yours, I can meet at the Cameron Park entrance.'],
    [3, 1, 'Deal. I will message you to set a time.'],
    [1, 9, 'Great bike for the River Trail. Someone grab this one. #outdoors'],
  ] },
  { post: 'Mid-century sofa, mustard cushions', comments: [
    [1, 4, 'What are the measurements? I am trying to fit it under a window.'],
    [2, 0, '84 inches wide, 34 deep, 32 high at the back.'],
    [1, 6, 'That color is perfect. If it is still here on Saturday I will come look. #furniture'],
  ] },
  { post: 'Downtown farmers market', comments: [
    [1, 5, 'Is there parking close by, or is it better to bike in?'],
    [2, 2, '@David Ramirez the lot on Webster fills by 9. Bike racks are right by the entrance.'],
    [2, 7, 'Street parking on 4th is usually open before 8:30.'],
    [1, 8, 'The kolaches from the Czech stand are worth the trip alone.'],
  ] },
  { post: 'Neighborhood chili cook-off', comments: [
    [1, 9, 'Can we enter a chili with beans, or is this a Texas red only contest? 🌶️'],
    [2, 0, 'Two categories this year: Texas red and anything goes. Beans welcome in the second!'],
    [1, 3, 'Bringing cornbread for the table. See everyone there.'],
  ] },
  { post: 'Barista, mornings', comments: [
    [1, 1, 'Do you train people without cafe experience? I worked the register at a bakery.'],
    [2, 2, 'Yes, we train everyone on the machine. Send me a message with your availability.'],
  ] },
  { post: 'Porch concert in Sanger Heights', comments: [
    [1, 4, 'Is it okay to bring a folding chair and a picnic?'],
    [2, 7, 'Please do! Blankets and chairs on the lawn, we start at 7.'],
    [1, 6, 'Last time was wonderful. Thank you for hosting, @Marcus Johnson. #music'],
  ] },
  { post: 'Free: moving boxes and packing paper', comments: [
    [1, 5, 'Are there still some large ones left?'],
    [2, 8, 'About ten large ones on the porch right now.'],
  ] },
  { post: 'Creek Meadows community cleanup', comments: [
    [1, 0, 'We will bring two kids and extra gloves.'],
    [1, 5, 'I can bring my truck to haul bags to the dump afterwards.'],
  ] },
];

/** Who follows whom, as pairs [follower, followed]: a few neighbours with local followings. */
export const SEED_FOLLOWS: Array<[number, number]> = [
  [0, 2],
  [0, 7],
  [1, 3],
  [1, 2],
  [2, 0],
  [3, 9],
  [4, 0],
  [4, 7],
  [5, 8],
  [6, 4],
  [6, 7],
  [7, 2],
  [8, 0],
  [8, 5],
  [9, 3],
  [9, 7],
];
