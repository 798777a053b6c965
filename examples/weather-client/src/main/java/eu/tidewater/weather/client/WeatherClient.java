package eu.tidewater.weather.client;

import java.util.List;
import java.util.Optional;
import org.springframework.boot.web.client.RestTemplateBuilder;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class WeatherClient {
    private static final ParameterizedTypeReference<List<Forecast>> FORECASTS = new ParameterizedTypeReference<>() {
    };

    private final RestTemplate rest;

    public WeatherClient(RestTemplateBuilder builder, WeatherProperties properties) {
        this.rest = builder
                .rootUri(properties.getBaseUrl())
                .errorHandler(new WeatherErrorHandler())
                .additionalInterceptors((request, body, execution) -> {
                    request.getHeaders().set("X-Api-Key", properties.getApiKey());
                    return execution.execute(request, body);
                })
                .build();
    }

    public Optional<List<Forecast>> forecast(String station, int days) {
        ResponseEntity<List<Forecast>> response = rest.exchange("/v1/stations/{station}/forecast?days={days}",
                HttpMethod.GET, null, FORECASTS, station, days);
        if (response.getStatusCode() == HttpStatus.NOT_FOUND) {
            return Optional.empty();
        }
        return Optional.ofNullable(response.getBody());
    }
}
