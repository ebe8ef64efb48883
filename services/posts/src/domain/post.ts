import { type CreatePostCommand, PostCreated } from '@waco/contracts';
import { type Decider, newEvent, RuleBroken } from '@waco/platform';

export interface PostState {
  created: boolean;
}

export interface CreatePost {
  postId: string;
  userId: string;
  post: CreatePostCommand;
  /**
   * The object paths this user uploaded, when the "only your own uploads" rule is on; null
   * while it is off (then any path under /objects/ is taken, as the contract's schema says).
   * An outside fact: the command reads it (media's events) before deciding.
   */
  uploadedByPoster: ReadonlySet<string> | null;
}

/** Creating a post: one `PostCreated`, refused when a photo is not one the poster uploaded. */
export const postDecider: Decider<CreatePost, PostState> = {
  initialState: { created: false },
  evolve: (state, event) => (event.type === PostCreated.type ? { created: true } : state),
  decide(command, state) {
    if (state.created) throw new RuleBroken('This post already exists');
    const { post, uploadedByPoster } = command;
    if (uploadedByPoster) {
      const foreign = post.imagePaths.find((path) => !uploadedByPoster.has(path));
      if (foreign)
        throw new RuleBroken(`Photos must be ones you uploaded: ${foreign} is not`, { field: 'imagePaths' });
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
  },
};
