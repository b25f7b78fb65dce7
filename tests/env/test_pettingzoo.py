"""The PettingZoo environment passes PettingZoo's own API test at every table, in both
episode kinds, and behaves as a player would expect: seeds repeat deals, rewards are the
sheet's whists and sum to zero, illegal actions are refused."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, seed_test

from preferans.env import PreferansEnv
from preferans.env.bots import BotPolicy
from preferans.env.core import deal_payoff

from .conftest import TABLES


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_api_test_one_deal(variant: str, players: int) -> None:
    api_test(PreferansEnv(variant, players, render_mode="ansi"), num_cycles=200)


@pytest.mark.parametrize(("variant", "players"), [("sochi", 3), ("rostov", 4), ("balkan", 3)])
def test_api_test_pulya(variant: str, players: int) -> None:
    api_test(PreferansEnv(variant, players, pulya=True, max_deals=3), num_cycles=300)


def test_seed_test() -> None:
    seed_test(lambda: PreferansEnv("leningrad", 4), num_cycles=50)


def _play(env: PreferansEnv, seed: int) -> tuple[list[int], dict[str, float]]:
    env.reset(seed=seed)
    actions: list[int] = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        action = int(env.action_space(agent).sample(observation["action_mask"]))
        actions.append(action)
        env.step(action)
    return actions, totals


def test_same_seed_same_episode_and_rewards_sum_to_zero() -> None:
    first = _play(PreferansEnv("sochi", 3, pulya=True, max_deals=4), 11)
    again = _play(PreferansEnv("sochi", 3, pulya=True, max_deals=4), 11)
    other = _play(PreferansEnv("sochi", 3, pulya=True, max_deals=4), 12)
    assert first == again
    assert first[0] != other[0]
    assert abs(sum(first[1].values())) < 1e-9


def test_reward_is_the_deal_payoff_of_the_engine() -> None:
    env = PreferansEnv("rostov", 4)
    policy = BotPolicy("heuristic", seed=2)
    for seed in range(5):
        env.reset(seed=seed)
        rewards = dict.fromkeys(env.possible_agents, 0.0)
        while not env.state_now.is_over:
            env.step(policy(env, env.agent_selection))
            for agent, reward in env.rewards.items():
                rewards[agent] += reward
        expected = deal_payoff(env.state_now)
        for agent, seat in zip(env.possible_agents, env.seats, strict=True):
            assert rewards[agent] == pytest.approx(expected[seat])
        assert any(rewards.values()) or env.state_now.result().kind.value == "refe"


def test_pulya_plays_deal_after_deal_on_one_sheet() -> None:
    env = PreferansEnv("sochi", 3, pulya=True, max_deals=3, render_mode="ansi")
    _play(env, 5)
    assert env.deals_played == 3
    text = env.render()
    assert text is not None and "dealer" in text


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    env = PreferansEnv("sochi", 3)
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.state_now
    illegal = next(i for i, m in enumerate(env.observe(agent)["action_mask"]) if not m)
    with pytest.raises(ValueError, match="may not take action"):
        env.step(illegal)
    assert env.state_now is before and env.agent_selection == agent


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="variant"):
        PreferansEnv("bridge", 3)
    with pytest.raises(ValueError, match="3 players"):
        PreferansEnv("balkan", 4)
    with pytest.raises(ValueError, match="never ends"):
        PreferansEnv("sochi", 3, pulya=True)


def test_render_shows_every_hand_as_text() -> None:
    env = PreferansEnv("sochi", 2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None
    state = env.state_now
    for seat in state.active:
        assert state.hand(seat).format() in text
    assert PreferansEnv("sochi", 3).render() is None
