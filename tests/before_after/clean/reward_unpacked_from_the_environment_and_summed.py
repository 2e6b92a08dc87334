import torch


def play_and_train(env, network, opt, compute_td_loss, epsilon: float = 0.1, t_max: int = 1000):
    total_reward = 0.0
    s, _ = env.reset()
    for t in range(t_max):
        a = network.sample_action(torch.tensor(s, dtype=torch.float32), epsilon)
        next_s, r, terminated, truncated, _ = env.step(a)
        opt.zero_grad()
        compute_td_loss([s], [a], [r], [next_s], [terminated]).backward()
        opt.step()
        total_reward += r  # a float from the environment, not a loss
        s = next_s
        if terminated or truncated:
            break
    return total_reward
