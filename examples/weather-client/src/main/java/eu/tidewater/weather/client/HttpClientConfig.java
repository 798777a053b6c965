package eu.tidewater.weather.client;

import java.util.concurrent.TimeUnit;
import org.apache.http.client.config.RequestConfig;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.DefaultHttpRequestRetryHandler;
import org.apache.http.impl.client.HttpClientBuilder;
import org.apache.http.impl.conn.PoolingHttpClientConnectionManager;
import org.springframework.boot.web.client.RestTemplateCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;

/** One pooled Apache HttpClient for every RestTemplate the application builds. */
@Configuration(proxyBeanMethods = false)
public class HttpClientConfig {

    @Bean
    public PoolingHttpClientConnectionManager connectionManager(WeatherProperties properties) {
        PoolingHttpClientConnectionManager manager = new PoolingHttpClientConnectionManager(60, TimeUnit.SECONDS);
        manager.setMaxTotal(properties.getMaxConnections());
        manager.setDefaultMaxPerRoute(properties.getMaxConnections() / 2);
        manager.setValidateAfterInactivity(2000);
        return manager;
    }

    @Bean(destroyMethod = "close")
    public CloseableHttpClient httpClient(PoolingHttpClientConnectionManager connectionManager, WeatherProperties properties) {
        RequestConfig requestConfig = RequestConfig.custom()
                .setConnectTimeout((int) properties.getConnectTimeout().toMillis())
                .setSocketTimeout((int) properties.getReadTimeout().toMillis())
                .setConnectionRequestTimeout(1000)
                .build();
        return HttpClientBuilder.create()
                .setConnectionManager(connectionManager)
                .setDefaultRequestConfig(requestConfig)
                .setRetryHandler(new DefaultHttpRequestRetryHandler(2, false))
                .evictIdleConnections(30, TimeUnit.SECONDS)
                .setUserAgent("tidewater-weather/2")
                .build();
    }

    @Bean
    public RestTemplateCustomizer apacheRequestFactory(CloseableHttpClient httpClient) {
        return restTemplate -> restTemplate.setRequestFactory(new HttpComponentsClientHttpRequestFactory(httpClient));
    }
}
