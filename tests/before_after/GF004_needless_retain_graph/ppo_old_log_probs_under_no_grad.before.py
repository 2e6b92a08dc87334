import torch


def ppo_update(policy, optimizer, states, actions, advantages, epochs=4, clip=0.2):
    with torch.no_grad():
        old_log_probs = policy(states).log_prob(actions)
    for _ in range(epochs):
        log_probs = policy(states).log_prob(actions)
        ratio = torch.exp(log_probs - old_log_probs)
        surrogate = torch.min(ratio * advantages, torch.clamp(ratio, 1 - clip, 1 + clip) * advantages)
        loss = -surrogate.mean()
        optimizer.zero_grad()
        loss.backward(retain_graph=True)
        optimizer.step()
