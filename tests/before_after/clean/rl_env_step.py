import torch


def reinforce(policy, env, episodes=100, gamma=0.99):
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-2)
    for episode in range(episodes):
        state, _ = env.reset()
        log_probs, rewards = [], []
        done = False
        while not done:
            dist = torch.distributions.Categorical(logits=policy(torch.as_tensor(state)))
            action = dist.sample()
            state, reward, terminated, truncated, _ = env.step(action.item())
            log_probs.append(dist.log_prob(action))
            rewards.append(reward)
            done = terminated or truncated
        returns, g = [], 0.0
        for r in reversed(rewards):
            g = r + gamma * g
            returns.insert(0, g)
        loss = -(torch.stack(log_probs) * torch.tensor(returns)).sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
