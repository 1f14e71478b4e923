/** Which team room a connecting user's socket joins; provided by the identity context. */
export abstract class SocketMemberships {
  abstract teamOf(userId: string): Promise<string | null>;
}
