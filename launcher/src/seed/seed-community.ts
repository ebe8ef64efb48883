/**
 * The seed's conversations and connections: public questions on posts with their answers (the
 * first thing a neighbour looks for under a sale or an event), and who follows whom. `by` is an
 * index into SEED_USERS; a thread names its post by title (seed-posts.ts). Replies go one or two
 * levels deep, as real threads do.
 */
export interface SeedComment {
  by: number;
  text: string;
  replies?: SeedComment[];
}

export interface SeedThread {
  post: string;
  comments: SeedComment[];
}

export const SEED_THREADS: SeedThread[] = [
  {
    post: 'Trek hybrid bicycle, 21 speed',
    comments: [
      {
        by: 1,
        text: 'Is the frame aluminum? And would you take $150 if I pick it up today?',
        replies: [
          {
            by: 3,
            text: 'Aluminum, yes. $160 and it is yours, I can meet at the Cameron Park entrance.',
            replies: [{ by: 1, text: 'Deal. I will message you to set a time.' }],
          },
        ],
      },
      { by: 9, text: 'Great bike for the River Trail. Someone grab this one. #outdoors' },
    ],
  },
  {
    post: 'Mid-century sofa, mustard cushions',
    comments: [
      {
        by: 4,
        text: 'What are the measurements? I am trying to fit it under a window.',
        replies: [{ by: 0, text: '84 inches wide, 34 deep, 32 high at the back.' }],
      },
      { by: 6, text: 'That color is perfect. If it is still here on Saturday I will come look. #furniture' },
    ],
  },
  {
    post: 'Downtown farmers market',
    comments: [
      {
        by: 5,
        text: 'Is there parking close by, or is it better to bike in?',
        replies: [
          { by: 2, text: 'The lot on Webster fills by 9. Bike racks are right by the entrance.' },
          { by: 7, text: 'Street parking on 4th is usually open before 8:30.' },
        ],
      },
      { by: 8, text: 'The kolaches from the Czech stand are worth the trip alone.' },
    ],
  },
  {
    post: 'Neighborhood chili cook-off',
    comments: [
      {
        by: 9,
        text: 'Can we enter a chili with beans, or is this a Texas red only contest? 🌶️',
        replies: [
          {
            by: 0,
            text: 'Two categories this year: Texas red and anything goes. Beans welcome in the second!',
          },
        ],
      },
      { by: 3, text: 'Bringing cornbread for the table. See everyone there.' },
    ],
  },
  {
    post: 'Barista, mornings',
    comments: [
      {
        by: 1,
        text: 'Do you train people without cafe experience? I worked the register at a bakery.',
        replies: [
          { by: 2, text: 'Yes, we train everyone on the machine. Send me a message with your availability.' },
        ],
      },
    ],
  },
  {
    post: 'Porch concert in Sanger Heights',
    comments: [
      {
        by: 4,
        text: 'Is it okay to bring a folding chair and a picnic?',
        replies: [{ by: 7, text: 'Please do! Blankets and chairs on the lawn, we start at 7.' }],
      },
      { by: 6, text: 'Last time was wonderful. Thank you for hosting, Marcus. #music' },
    ],
  },
  {
    post: 'Free: moving boxes and packing paper',
    comments: [
      {
        by: 5,
        text: 'Are there still some large ones left?',
        replies: [{ by: 8, text: 'About ten large ones on the porch right now.' }],
      },
    ],
  },
  {
    post: 'Creek Meadows community cleanup',
    comments: [
      { by: 0, text: 'We will bring two kids and extra gloves.' },
      { by: 5, text: 'I can bring my truck to haul bags to the dump afterwards.' },
    ],
  },
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
