package eu.tidewater.weather.web;

import eu.tidewater.weather.client.Forecast;
import eu.tidewater.weather.client.WeatherApiException;
import eu.tidewater.weather.client.WeatherClient;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class ForecastController {
    private final WeatherClient weather;

    public ForecastController(WeatherClient weather) {
        this.weather = weather;
    }

    @GetMapping("/forecast/{station}")
    public ResponseEntity<List<Forecast>> forecast(@PathVariable String station, @RequestParam(defaultValue = "3") int days) {
        return ResponseEntity.of(weather.forecast(station, days));
    }

    @ExceptionHandler(WeatherApiException.class)
    public ResponseEntity<Map<String, Object>> providerFailed(WeatherApiException e) {
        return ResponseEntity.status(HttpStatus.BAD_GATEWAY).body(Map.of("upstreamStatus", e.getStatus(), "error", e.getMessage()));
    }
}
