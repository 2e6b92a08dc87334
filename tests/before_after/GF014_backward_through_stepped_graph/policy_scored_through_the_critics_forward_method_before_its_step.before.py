"""A policy-gradient helper written as a function with a `while` loop: the policy's score is
computed by calling the critic's `forward` method by name, inside a `with` block, before the
critic's optimizer steps; the policy's loss is backpropagated after that step."""

import contextlib

import torch
from torch import nn


def fit(policy, critic, states, rounds=3):
    policy_opt = torch.optim.SGD(policy.parameters(), lr=0.05)
    critic_opt = torch.optim.SGD(critic.parameters(), lr=0.05)
    done = 0
    while done < rounds:
        with contextlib.nullcontext():
            chosen = policy(states)
            score = critic.forward(torch.cat([states, chosen], dim=1))
        critic_loss = (critic(torch.cat([states, chosen.detach()], dim=1)) - 1.0).pow(2).mean()
        critic_opt.zero_grad()
        critic_loss.backward()
        critic_opt.step()
        policy_loss = -score.mean()
        policy_opt.zero_grad()
        policy_loss.backward()
        policy_opt.step()
        done += 1
    return policy_loss.item()


if __name__ == "__main__":
    torch.manual_seed(0)
    print(fit(nn.Linear(3, 2), nn.Linear(5, 1), torch.randn(4, 3)))
