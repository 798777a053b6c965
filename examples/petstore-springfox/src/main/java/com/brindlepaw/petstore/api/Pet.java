package com.brindlepaw.petstore.api;

import io.swagger.annotations.ApiModel;
import io.swagger.annotations.ApiModelProperty;
import javax.validation.constraints.NotBlank;
import javax.validation.constraints.PositiveOrZero;

@ApiModel(description = "An animal listed for adoption")
public class Pet {

    @ApiModelProperty(value = "Listing number", example = "12", accessMode = ApiModelProperty.AccessMode.READ_ONLY)
    private long id;

    @NotBlank
    @ApiModelProperty(value = "Name the shelter gave it", required = true, example = "Biscuit")
    private String name;

    @NotBlank
    @ApiModelProperty(value = "Species", allowableValues = "cat,dog,rabbit", required = true)
    private String species;

    @PositiveOrZero
    @ApiModelProperty(value = "Age in months", example = "7")
    private int ageMonths;

    public long getId() {
        return id;
    }

    public void setId(long id) {
        this.id = id;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getSpecies() {
        return species;
    }

    public void setSpecies(String species) {
        this.species = species;
    }

    public int getAgeMonths() {
        return ageMonths;
    }

    public void setAgeMonths(int ageMonths) {
        this.ageMonths = ageMonths;
    }
}
