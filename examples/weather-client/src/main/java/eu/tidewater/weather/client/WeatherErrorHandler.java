package eu.tidewater.weather.client;

import java.io.IOException;
import org.springframework.http.HttpStatus;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.web.client.DefaultResponseErrorHandler;

/** A missing station is an answer (empty), a 4xx is our bug, a 5xx the provider's. */
public class WeatherErrorHandler extends DefaultResponseErrorHandler {

    @Override
    public boolean hasError(ClientHttpResponse response) throws IOException {
        HttpStatus status = response.getStatusCode();
        return status != HttpStatus.NOT_FOUND && (status.is4xxClientError() || status.is5xxServerError());
    }

    @Override
    public void handleError(ClientHttpResponse response) throws IOException {
        HttpStatus status = response.getStatusCode();
        String kind = status.series() == HttpStatus.Series.SERVER_ERROR ? "provider failure" : "rejected request";
        throw new WeatherApiException(status.value(), kind + ": " + status.getReasonPhrase());
    }
}
