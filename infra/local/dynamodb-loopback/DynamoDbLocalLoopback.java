import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local exactly as its own main class does (same command-line options), but binds its
 * Jetty connector to 127.0.0.1 only: DynamoDBLocal.jar has no host option and would listen on every interface.
 * Run with Java's single-file source launcher (`java -cp <DynamoDBLocal.jar:lib/*> DynamoDbLocalLoopback.java -port …`).
 */
public class DynamoDbLocalLoopback {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("dynamodb.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      if (connector instanceof ServerConnector serverConnector) serverConnector.setHost(host);
    }
    proxy.start();
    System.out.println("DynamoDB Local listening on " + host);
    proxy.join();
  }
}
