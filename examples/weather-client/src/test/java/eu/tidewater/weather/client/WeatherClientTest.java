package eu.tidewater.weather.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.client.match.MockRestRequestMatchers.header;
import static org.springframework.test.web.client.match.MockRestRequestMatchers.requestTo;
import static org.springframework.test.web.client.response.MockRestResponseCreators.withServerError;
import static org.springframework.test.web.client.response.MockRestResponseCreators.withStatus;
import static org.springframework.test.web.client.response.MockRestResponseCreators.withSuccess;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.autoconfigure.web.client.RestClientTest;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.client.MockRestServiceServer;

@RestClientTest(WeatherClient.class)
@EnableConfigurationProperties(WeatherProperties.class)
@TestPropertySource(properties = {"weather.base-url=https://weather.test", "weather.api-key=k-123"})
class WeatherClientTest {

    @Autowired
    private WeatherClient client;

    @Autowired
    private MockRestServiceServer server;

    @Test
    void readsTheForecastWithTheApiKey() {
        server.expect(requestTo("/v1/stations/BRS/forecast?days=2"))
                .andExpect(header("X-Api-Key", "k-123"))
                .andRespond(withSuccess("[{\"date\":\"2024-06-01\",\"temp_c\":17.5,\"summary\":\"showers\",\"uv\":3}]",
                        MediaType.APPLICATION_JSON));

        assertThat(client.forecast("BRS", 2)).hasValueSatisfying(days -> {
            assertThat(days).hasSize(1);
            assertThat(days.get(0).getDate()).isEqualTo(LocalDate.of(2024, 6, 1));
            assertThat(days.get(0).getTemperature()).isEqualTo(17.5);
        });
    }

    @Test
    void treatsAnUnknownStationAsNoForecast() {
        server.expect(requestTo("/v1/stations/XXX/forecast?days=1")).andRespond(withStatus(HttpStatus.NOT_FOUND));
        assertThat(client.forecast("XXX", 1)).isEmpty();
    }

    @Test
    void reportsAProviderFailure() {
        server.expect(requestTo("/v1/stations/BRS/forecast?days=1")).andRespond(withServerError());
        assertThatThrownBy(() -> client.forecast("BRS", 1))
                .isInstanceOf(WeatherApiException.class)
                .hasMessage("provider failure: Internal Server Error");
    }
}
