"""factory_boy factories for the parlor models."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from parlor.models import MemberRole, Parlor, ParlorMember, Player, PlayerKind, Table


class ParlorFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Parlor

    name = factory.Sequence(lambda n: f"雀荘 {n}")
    slug = factory.Sequence(lambda n: f"parlor-{n}")


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", "pw")

    @factory.post_generation
    def token(self, create: bool, extracted: object, **kwargs: object) -> None:
        if create:
            self.save()
            Token.objects.create(user=self)


class MemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ParlorMember

    parlor = factory.SubFactory(ParlorFactory)
    user = factory.SubFactory(UserFactory)
    role = MemberRole.STAFF


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    parlor = factory.SubFactory(ParlorFactory)
    name = factory.Sequence(lambda n: f"Player {n}")
    kind = PlayerKind.MEMBER
    member_number = factory.Sequence(lambda n: f"{n:05d}")


class TableFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Table

    parlor = factory.SubFactory(ParlorFactory)
    label = factory.Sequence(lambda n: f"T{n}")
    ruleset_key = "standard"
