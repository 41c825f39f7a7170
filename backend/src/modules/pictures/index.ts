export { PICTURE_CONTENT_TYPE_MESSAGE, acceptPictureBodies } from './picture-body.js';
export { PICTURE_CONTENT_TYPES, normalisePicture } from './picture-image.js';
export { sendPicture } from './picture-reply.js';
export { ProfilePicture } from './profile-picture.entity.js';
export { ProfilePicturesModule } from './profile-pictures.module.js';
