import dgram from 'node:dgram';
import net from 'node:net';

/** A port the system just handed out on `host` (a small race with other programs remains, as with any such pick). */
export function freeTcpPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function freeUdpPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');
    socket.once('error', reject);
    socket.bind(0, host, () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}
