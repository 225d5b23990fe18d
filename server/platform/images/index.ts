// Images members send: one pixel limit for every decode, and a gate that bounds the work.
export { IMAGE_WORK_LIMITS, ImageWork, type ImageWorkLimits, inImageTurn } from "./image-work.ts";
export {
  type ImageHeader,
  ImageRefused,
  MEMBER_IMAGE_INPUT,
  memberImage,
  perceptualHash,
  readImageHeader,
} from "./member-image.ts";
