import {
  type EventOf,
  type ImageContentType,
  type ImageVariant,
  MediaUploaded,
  mediaEvents,
  UploadAbandoned,
  UploadChecked,
  type UploadedImage,
  UploadRejected,
  UploadRestored,
  UploadRetired,
  type UploadRule,
  UploadStarted,
  VariantsGenerated,
} from '@waco/contracts';
import { type Decider, newEvent, RuleBroken } from '@waco/platform';

/** The event stream of one upload (short: started, checked or refused, then its variants). */
export const uploadStream = (key: string) => `upload-${key}`;

export interface UploadState {
  status: 'none' | 'pending' | 'ready' | 'rejected' | 'abandoned' | 'retired';
  /** Every planned variant has been tried. */
  variantsDone: boolean;
  ownerId?: string;
}

/** An upload session opened in the store (a presigned PUT, or a multipart upload's id). */
export interface StartUpload {
  type: 'start';
  key: string;
  ownerId: string;
  declaredType: ImageContentType;
  multipartUploadId: string | null;
  /** The file size the uploader declared, already within the size rule: URLs are signed for it. */
  declaredSize: number;
}

/** The uploaded bytes passed the rules and were stored clean: the command checked them. */
export interface PublishUpload {
  type: 'publish';
  key: string;
  etag: string;
  image: UploadedImage;
}

/** The uploaded bytes broke a rule (the command's verdict). */
export interface RejectUpload {
  type: 'reject';
  key: string;
  ownerId: string;
  rule: UploadRule;
  message: string;
}

/** Given up: aborted by its owner, or expired unfinished. */
export interface AbandonUpload {
  type: 'abandon';
  key: string;
  ownerId: string;
  reason: 'aborted' | 'expired';
}

/** One step of making variants: what has been made and tried so far. */
export interface RecordVariants {
  type: 'record-variants';
  key: string;
  variants: ImageVariant[];
  tried: number[];
  done: boolean;
}

/** Nothing uses the photo any more (retire), or something does again (restore). */
export interface RetireUpload {
  type: 'retire' | 'restore';
  key: string;
}

export type UploadCommand =
  | StartUpload
  | PublishUpload
  | RejectUpload
  | AbandonUpload
  | RecordVariants
  | RetireUpload;

/**
 * An upload's life. Only a pending upload is published, refused or abandoned: when another
 * request got there first the decision records nothing, and the command answers with what that
 * request recorded. Checking the bytes (size, type, readable image) is the command's work: it
 * reads the store, so it happens before, and its verdict comes in the command.
 */
export const uploadDecider: Decider<UploadCommand, UploadState, EventOf<(typeof mediaEvents)[number]>> = {
  // Every media event is an upload's: contracts' list of them is the stream's.
  events: mediaEvents,
  initialState: { status: 'none', variantsDone: false },
  evolve(state, event) {
    switch (event.type) {
      case UploadStarted.type:
        return { ...state, status: 'pending', ownerId: event.data.ownerId };
      case UploadChecked.type:
        return { ...state, status: 'ready' };
      case UploadRejected.type:
        return { ...state, status: 'rejected' };
      case UploadAbandoned.type:
        return { ...state, status: 'abandoned' };
      case VariantsGenerated.type:
        return { ...state, variantsDone: event.data.done };
      case UploadRetired.type:
        return { ...state, status: 'retired' };
      case UploadRestored.type:
        return { ...state, status: 'ready' };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'start':
        if (state.status !== 'none') throw new RuleBroken('This upload already exists', { status: 409 });
        return [
          newEvent(UploadStarted, {
            key: command.key,
            ownerId: command.ownerId,
            declaredType: command.declaredType,
            multipartUploadId: command.multipartUploadId,
            declaredSize: command.declaredSize,
          }),
        ];
      case 'publish': {
        if (state.status !== 'pending') return [];
        const { image } = command;
        return [
          newEvent(UploadChecked, {
            key: command.key,
            etag: command.etag,
            contentType: image.contentType,
            size: image.size,
            width: image.width,
            height: image.height,
          }),
          newEvent(MediaUploaded, image),
        ];
      }
      case 'reject':
        if (state.status !== 'pending') return [];
        return [
          newEvent(UploadRejected, {
            key: command.key,
            ownerId: command.ownerId,
            rule: command.rule,
            message: command.message,
          }),
        ];
      case 'abandon':
        if (state.status !== 'pending') return [];
        return [
          newEvent(UploadAbandoned, { key: command.key, ownerId: command.ownerId, reason: command.reason }),
        ];
      case 'retire':
        if (state.status !== 'ready') return [];
        return [newEvent(UploadRetired, { key: command.key, ownerId: state.ownerId ?? '' })];
      case 'restore':
        if (state.status !== 'retired') return [];
        return [newEvent(UploadRestored, { key: command.key, ownerId: state.ownerId ?? '' })];
      case 'record-variants':
        if (state.status !== 'ready' || state.variantsDone) return [];
        return [
          newEvent(VariantsGenerated, {
            key: command.key,
            variants: command.variants,
            tried: command.tried,
            done: command.done,
          }),
        ];
    }
  },
};
