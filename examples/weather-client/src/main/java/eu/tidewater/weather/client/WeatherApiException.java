package eu.tidewater.weather.client;

public class WeatherApiException extends RuntimeException {
    private final int status;

    public WeatherApiException(int status, String message) {
        super(message);
        this.status = status;
    }

    public int getStatus() {
        return status;
    }
}
