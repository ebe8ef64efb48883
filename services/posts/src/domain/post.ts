import { type CreatePostCommand, PostCreated } from '@waco/contracts';
import { type NewEvent, newEvent } from '@waco/platform';
import type { StreamState } from './decider';
import { RuleBroken } from './rule-broken';

export interface PostState {
  created: boolean;
}

export const postState: StreamState<PostState> = {
  initial: { created: false },
  evolve: (state, event) => (event.type === PostCreated.type ? { created: true } : state),
};

export interface CreatePost {
  postId: string;
  userId: string;
  post: CreatePostCommand;
  /**
   * The object paths this user uploaded, when the "only your own uploads" rule is on; null
   * while it is off (then any path under /objects/ is taken, as the contract's schema says).
   */
  uploadedByPoster: ReadonlySet<string> | null;
}

/** Creating a post: one `PostCreated`, refused when a photo is not one the poster uploaded. */
export function decideCreatePost(command: CreatePost, state: PostState): NewEvent[] {
  if (state.created) throw new RuleBroken('This post already exists');
  const { post, uploadedByPoster } = command;
  if (uploadedByPoster) {
    const foreign = post.imagePaths.find((path) => !uploadedByPoster.has(path));
    if (foreign) throw new RuleBroken(`Photos must be ones you uploaded: ${foreign} is not`, 'imagePaths');
  }
  return [
    newEvent(PostCreated, {
      postId: command.postId,
      ownerId: command.userId,
      title: post.title,
      category: post.category,
      description: post.description,
      neighborhood: post.neighborhood,
      price: post.price,
      company: post.company,
      salary: post.salary,
      eventDate: post.eventDate,
      address: post.address,
      imagePaths: post.imagePaths,
      contactPhone: post.contactPhone,
      contactEmail: post.contactEmail,
    }),
  ];
}
