import { defineMessages } from '../platform/message-keys.js';

/** Refusals of an upload (`Files/Upload` and the other multipart routes); `{name}` is the file's name. */
export const fileMessages = defineMessages('file', {
  tooManyFiles: 'At most {max} files can be uploaded at once.',
  notMultipart: 'Expected a multipart upload with the field "files".',
  malformedMultipart: 'Malformed multipart upload',
  noFile: 'No file was uploaded (field "files").',
  refusedExecutable: "The file '{name}' was refused: executable files are not allowed",
  refusedContent: "The file '{name}' was refused: its content is {detected}, not {expected}",
  refusedContentUnnamed: "The file '{name}' was refused: its content is {detected}, not what its name says",
  refusedNoSignature: "The file '{name}' was refused: its content does not match .{ext}",
  refusedNotText: "The file '{name}' was refused: it is not a text file",
  refusedNotUtf8: "The file '{name}' was refused: it is not a UTF-8 text file",
  refusedNotImage: "The file '{name}' was refused: its content is not {declared}",
  refusedType: "The file '{name}' was refused: Files of type .{ext} are not allowed.",
} as const);
