import Foundation
import HomeSkills
import SkillKit

/// Where the home hub listens. The app sets it at launch from the user's settings.
public enum HubConfiguration {
    public static var baseURL = URL(string: "https://hub.home.example/api/v1")!
    public static var token = ""
}

/// A skill that sends commands to a device through the home hub.
public protocol DeviceSkill: HomeSkill {}

extension DeviceSkill {
    /// POSTs `command` to the hub's `path`, and turns the hub's failures into messages for the user.
    ///
    /// ```swift
    /// try await sendCommand(["power": "on"], to: "lights/all", context: context)
    /// ```
    public func sendCommand(_ command: [String: String], to path: String, context: SkillContext) async throws {
        let request = NetworkRequest(
            method: .post,
            url: HubConfiguration.baseURL.appendingPathComponent(path),
            headers: ["Content-Type": "application/json", "Authorization": "Bearer \(HubConfiguration.token)"],
            body: try JSONEncoder().encode(command)
        )
        let response: NetworkResponse
        do {
            response = try await context.networkService.send(request)
        } catch let error as NetworkError {
            throw SkillError.executionFailed("家里的网关没有响应（\(error.message(in: .zhHans))）")
        }
        guard response.isSuccess else {
            throw SkillError.executionFailed("网关拒绝了这条指令（状态 \(response.status)）")
        }
    }
}
